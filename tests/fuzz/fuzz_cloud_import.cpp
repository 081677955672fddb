// libFuzzer entry point: feeds each input to gp::fuzz::runCloudImportInput (see fuzz_entry_points.h).
#include "fuzz_entry_points.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    gp::fuzz::runCloudImportInput(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
