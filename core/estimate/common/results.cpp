#include "estimate/common/results.h"

namespace gp
{

std::string_view toString(Bottleneck bottleneck)
{
    switch (bottleneck) {
    case Bottleneck::Compute:
        return "compute";
    case Bottleneck::MemoryBandwidth:
        return "memory_bandwidth";
    case Bottleneck::IntraNodeLink:
        return "intra_node_link";
    case Bottleneck::Network:
        return "network";
    case Bottleneck::PcieOffload:
        return "pcie_offload";
    case Bottleneck::DataLoading:
        return "data_loading";
    case Bottleneck::Cpu:
        return "cpu";
    case Bottleneck::MemoryCapacity:
        return "memory_capacity";
    }
    return "compute";
}

} // namespace gp
