// Imports what a cloud's own command-line tool prints (instance sizes, prices, stock per zone) into the user's
// overrides, offline: Tencent `tccli cvm DescribeZoneInstanceConfigInfos` / `InquiryPriceRunInstances`, AWS
// `aws ec2 describe-instance-types` / `aws pricing get-products`, Alibaba `aliyun ecs DescribeInstanceTypes` /
// `DescribeAvailableResource` / `DescribePrice`. The format is recognised from the content.
#pragma once

#include "base/diagnostic.h"
#include "base/expected.h"
#include "catalog/catalog.h"

#include <optional>
#include <string>
#include <string_view>

namespace gp
{

struct CloudImportOptions {
    std::string fileName; // named in each imported price's source
    std::string date; // YYYY-MM-DD: the imported prices' as_of
    std::string currency; // "CNY", "USD" or "" (taken from the file; Tencent files do not say)
    std::string instance; // instance id for quote files that do not name it ("tencent:GT4.41XLARGE948")
    std::string region; // only this region's zones and prices ("ap-guangzhou", "us-east-1")
    std::optional<int> months; // the period of a prepaid quote (InquiryPriceRunInstances, DescribePrice)
};

struct CloudImportResult {
    std::string format; // "tencent DescribeZoneInstanceConfigInfos", "aws pricing get-products", ...
    CatalogOverrides overrides; // the given overrides with the import merged in
    int prices = 0; // instances whose price was imported
    int stock = 0; // instances whose stock per zone was imported
    int added = 0; // instance types new to the catalog (a known GPU), added as candidates
    // Entries left out or worth knowing, as data: import_unknown_gpu {instance, gpu}, import_unknown_family
    // {instance, family}, import_unknown_instance {instance}, import_fractional_gpu {instance, gpus},
    // import_user_quote_replaced {instance}, import_prices_differ_by_zone {instance, zone}.
    Diagnostics notices;
};

// Merges the cloud listing `text` into `overrides` (over `builtin`). Nothing is changed on an error: not JSON
// (a truncated file), a format it does not recognise, a quote file without `options.instance`, a Tencent file
// without `options.currency`, a price that is not a number.
Expected<CloudImportResult> importCloudListing(std::string_view text, const CloudImportOptions& options,
    const Catalog& builtin, const CatalogOverrides& overrides);

// The catalog GPU id a cloud's GPU name means ("L4", "NVIDIA A10", "A100" with 81920 MiB), or "" when none or
// several match. `memoryMiB` <= 0: unknown.
std::string matchGpuName(const Catalog& catalog, std::string_view name, double memoryMiB);

} // namespace gp
