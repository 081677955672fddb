// libFuzzer entry point: feeds each input to gp::fuzz::runLaunchInput (see fuzz_entry_points.h).
#include "fuzz_entry_points.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    gp::fuzz::runLaunchInput(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
