// What the launch-file import tests share: the plan fields a read mapped, by field.
#pragma once

#include "launch/launch.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace gp::testing
{

// Each plan field the file's read mapped, with its value; a read that fails is a test failure (an empty map).
inline std::map<std::string, nlohmann::json> launchMappedFields(const std::string& text, const std::string& name)
{
    std::map<std::string, nlohmann::json> got;
    const auto read = readLaunchFile(text, name);
    EXPECT_TRUE(read) << name << (read ? "" : read.error().toString());
    if (read)
        for (const auto& mapped : read->mapped)
            got[mapped.planField] = mapped.value;
    return got;
}

} // namespace gp::testing
