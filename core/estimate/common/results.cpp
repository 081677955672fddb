#include "estimate/common/results.h"

#include <algorithm>
#include <utility>

namespace gp
{

const BillingCost* CostEstimate::mode(BillingMode billing) const
{
    const auto it
        = std::find_if(modes.begin(), modes.end(), [billing](const BillingCost& m) { return m.mode == billing; });
    return it == modes.end() ? nullptr : &*it;
}

BillingCost* CostEstimate::mode(BillingMode billing)
{
    return const_cast<BillingCost*>(std::as_const(*this).mode(billing));
}

std::optional<double> CostEstimate::total(BillingMode billing) const
{
    const BillingCost* m = mode(billing);
    return m ? m->total : std::nullopt;
}

void CostEstimate::setTotal(BillingMode billing, std::optional<double> value)
{
    if (BillingCost* m = mode(billing)) {
        m->total = value;
        return;
    }
    const auto before
        = std::find_if(modes.begin(), modes.end(), [billing](const BillingCost& m) { return m.mode > billing; });
    BillingCost added;
    added.mode = billing;
    added.total = value;
    modes.insert(before, std::move(added));
}

const BillingRate* CostEstimate::rate(BillingMode billing) const
{
    const auto it
        = std::find_if(rates.begin(), rates.end(), [billing](const BillingRate& r) { return r.mode == billing; });
    return it == rates.end() ? nullptr : &*it;
}

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
