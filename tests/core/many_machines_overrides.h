// An overrides file of `machines` on-premise machines, each a new instance of the built-in catalog's first
// instance's GPU, with a price each: the load the overrides merge must stay linear in (test_shared_files.cpp's
// bounded test and core_bench's BM_OverridesLoad read the same file).
#pragma once

#include "catalog/catalog.h"

#include <nlohmann/json.hpp>

#include <string>

namespace gp::test
{

inline std::string manyMachinesOverrides(int machines)
{
    using nlohmann::json;
    const InstanceSpec& model = builtinCatalog().instances.at(0);
    json instances = json::array();
    json prices = json::object();
    for (int i = 0; i < machines; ++i) {
        const std::string id = "onprem:rack-" + std::to_string(i);
        instances.push_back({ { "id", id }, { "provider", "onprem" }, { "family", "rack" }, { "name", id },
            { "gpu", model.gpu }, { "gpus", model.gpus }, { "vcpus", 64 }, { "memory_gib", 512 },
            { "intra_node", model.intraNode }, { "network_gbps", 100 }, { "rdma", false } });
        prices[id] = { { "currency", "USD" }, { "on_demand_per_hour", 1.0 + i } };
    }
    return json {
        { "format", "gpu-planner-overrides" }, { "version", 1 }, { "instances", instances }, { "prices", prices }
    }.dump();
}

} // namespace gp::test
