// Cloud listings into the user's overrides. Field names and shapes: the providers' API references (Tencent CVM
// 2017-03-12 InstanceTypeQuotaItem / ItemPrice, AWS EC2 GpuInfo and the Price List Query API, Alibaba ECS
// 2014-05-26 DescribeInstanceTypes / DescribeAvailableResource / DescribePrice).
#include "catalog/catalog_import.h"

#include "base/terminal_text.h"

#include "base/error_words.h"
#include "base/json_reader.h"
#include "base/number_text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

namespace gp
{

using nlohmann::json;

namespace
{

// A problem in the file: thrown inside the importer, returned as an Error naming the field.
struct BadField {
    std::string path;
    Words words; // base/reader_words.h, base/error_words.h
};

constexpr double kMaxHourly = 1e9; // the limits of a JSON price (catalog_parse.cpp)
constexpr double kMaxMonthly = 1e12;

std::string lower(std::string_view text)
{
    std::string s(text);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string text(const json& object, const char* key)
{
    const json* v = jsonChild(object, key);
    return v && v->is_string() ? v->get<std::string>() : std::string();
}

// A number or a numeric string ("100.000000", "55.0400000000"); null or absent = not given.
std::optional<double> number(const json& object, const char* key, const std::string& path)
{
    const json* v = jsonChild(object, key);
    if (!v)
        return std::nullopt;
    if (v->is_number()) {
        const double d = v->get<double>();
        if (!std::isfinite(d))
            throw BadField { path + "." + key, { words::kFiniteNumber } };
        return d;
    }
    if (v->is_string()) {
        const std::string s = v->get<std::string>();
        if (s.empty() || s == "NA")
            return std::nullopt;
        char* end = nullptr;
        const double d = std::strtod(s.c_str(), &end);
        const bool hex = s.find_first_of("xX") != std::string::npos;
        if (end == s.c_str() || *end != '\0' || hex || !std::isfinite(d))
            throw BadField { path + "." + key, { words::kNumberGot, { "\"" + s + "\"" } } };
        return d;
    }
    throw BadField { path + "." + key, { words::kNumberGot, { detail::describeJsonType(*v) } } };
}

std::optional<double> price(const json& object, const char* key, const std::string& path, double max)
{
    auto v = number(object, key, path);
    if (v && (*v < 0 || *v > max))
        throw BadField { path + "." + key, { words::kBetweenGot, { "0", formatExact(max), formatExact(*v) } } };
    return v;
}

// Arrays the Alibaba CLI wraps in an object named after the element: {"InstanceType": [...]}.
const json* list(const json& object, const char* key, const char* element = nullptr)
{
    const json* v = jsonChild(object, key);
    if (v && element && v->is_object())
        v = jsonChild(*v, element);
    return v && v->is_array() ? v : nullptr;
}

std::string regionOfZone(const std::string& zone)
{
    // "ap-guangzhou-6" -> "ap-guangzhou", "cn-hangzhou-i" -> "cn-hangzhou"
    const auto dash = zone.rfind('-');
    return dash == std::string::npos ? zone : zone.substr(0, dash);
}

// What the file says about one instance type.
struct Listing {
    std::string id; // "tencent:GN7.2XLARGE32"
    std::string provider;
    std::string family;
    std::string name;
    // Size, when the file has it.
    bool hasSize = false;
    double gpus = 0;
    std::string gpuName; // empty: the file does not name it (Tencent)
    double gpuMemoryMiB = 0;
    int vcpus = 0;
    double memoryGiB = 0;
    double networkGbps = 0;
    std::optional<bool> rdma;
    // Prices, in `currency`.
    std::string currency;
    std::optional<double> onDemand, monthly, spotHourly, reservedHourly;
    std::optional<double> onDemandMax; // the highest zone's, to notice prices that differ by zone
    std::string cheapestZone;
    std::vector<std::string> notes;
    // Stock.
    std::vector<ZoneStock> zones;
    std::map<std::string, int> zonePriority; // zone -> priority of the row its stock came from
};

struct Reader {
    const CloudImportOptions& options;
    std::vector<Listing> listings;
    std::map<std::string, std::size_t> index;
    std::string format;
    std::string command; // what printed the file, for the source

    Listing& listing(const std::string& provider, const std::string& name)
    {
        // An id is printed by `catalog list` and in messages: a control character in it (ESC ] 52 writes the
        // clipboard on some terminals) is refused, never stored.
        if (hasControlCharacters(name) || hasControlCharacters(provider))
            throw BadField { "", { words::kInstanceControlCharacter, { escapeTerminalControls(name) } } };
        const std::string id = provider + ":" + name;
        auto [it, inserted] = index.emplace(id, listings.size());
        if (inserted) {
            Listing l;
            l.id = id;
            l.provider = provider;
            l.name = name;
            listings.push_back(l);
        }
        return listings[it->second];
    }

    bool inRegion(const std::string& region) const { return options.region.empty() || region == options.region; }

    // The instance a quote file is for: --instance, with or without the provider prefix.
    Listing& quotedInstance(const std::string& provider)
    {
        if (options.instance.empty())
            throw BadField { "", { words::kQuoteNamesNoInstance, { command, provider } } };
        std::string name = options.instance;
        if (name.rfind(provider + ":", 0) == 0)
            name = name.substr(provider.size() + 1);
        else if (name.find(':') != std::string::npos)
            throw BadField { "", { words::kInstanceOfOtherProvider, { options.instance, provider, command } } };
        return listing(provider, name);
    }

    void setStock(Listing& l, const std::string& zone, const std::string& status, int priority)
    {
        if (hasControlCharacters(zone) || hasControlCharacters(status))
            throw BadField { "",
                { words::kZoneControlCharacter, { escapeTerminalControls(zone), escapeTerminalControls(l.id) } } };
        auto it = l.zonePriority.find(zone);
        if (it != l.zonePriority.end() && it->second <= priority)
            return;
        l.zonePriority[zone] = priority;
        auto existing
            = std::find_if(l.zones.begin(), l.zones.end(), [&](const ZoneStock& z) { return z.zone == zone; });
        if (existing != l.zones.end())
            existing->status = status;
        else
            l.zones.push_back({ zone, status });
    }

    std::string currencyOrAsk(const std::string& fromFile)
    {
        if (!fromFile.empty() && fromFile != "CNY" && fromFile != "USD")
            throw BadField { "currency", { words::kCurrencyNotSupported, { fromFile } } };
        if (!fromFile.empty() && !options.currency.empty() && fromFile != options.currency)
            throw BadField { "currency", { words::kCurrencyDisagrees, { fromFile, options.currency } } };
        if (!fromFile.empty())
            return fromFile;
        if (options.currency.empty())
            throw BadField { "", { words::kCurrencyUnsaid, { command } } };
        return options.currency;
    }

    // Tencent ---------------------------------------------------------------------------------------------

    void tencentZoneConfigs(const json& set)
    {
        format = "tencent DescribeZoneInstanceConfigInfos";
        command = "tccli cvm DescribeZoneInstanceConfigInfos";
        std::string currency;
        for (std::size_t i = 0; i < set.size(); ++i) {
            const json& item = set[i];
            const std::string path = "InstanceTypeQuotaSet[" + std::to_string(i) + "]";
            if (!item.is_object())
                throw BadField { path, { words::kMustBeAnObject } };
            const std::string type = text(item, "InstanceType");
            if (type.empty())
                throw BadField { path + ".InstanceType", { words::kRequired } };
            const std::string zone = text(item, "Zone");
            if (!inRegion(regionOfZone(zone)))
                continue;
            std::optional<double> gpus = number(item, "GpuCount", path);
            if (!gpus)
                gpus = number(item, "Gpu", path);
            if (!gpus || *gpus <= 0)
                continue; // not a GPU instance type
            if (currency.empty())
                currency = currencyOrAsk("");
            Listing& l = listing("tencent", type);
            l.family = text(item, "InstanceFamily");
            l.hasSize = true;
            l.gpus = *gpus;
            l.vcpus = static_cast<int>(number(item, "Cpu", path).value_or(0));
            l.memoryGiB = number(item, "Memory", path).value_or(0);
            l.networkGbps = number(item, "InstanceBandwidth", path).value_or(l.networkGbps);
            l.currency = currency;
            const std::string charge = text(item, "InstanceChargeType");
            const int priority = charge == "POSTPAID_BY_HOUR" ? 0 : charge == "PREPAID" ? 1 : 2;
            if (!zone.empty()) {
                const std::string status = text(item, "Status");
                const std::string category = text(item, "StatusCategory");
                std::string stock = "in_stock";
                if (status == "SOLD_OUT" || category == "WithoutStock")
                    stock = "sold_out";
                else if (category == "UnderStock")
                    stock = "limited";
                setStock(l, zone, stock, priority);
            }
            const json* itemPrice = jsonChild(item, "Price");
            if (!itemPrice)
                continue;
            const std::string pricePath = path + ".Price";
            if (charge == "POSTPAID_BY_HOUR" || charge == "SPOTPAID") {
                auto hourly = price(*itemPrice, "UnitPriceDiscount", pricePath, kMaxHourly);
                if (!hourly)
                    hourly = price(*itemPrice, "UnitPrice", pricePath, kMaxHourly);
                if (!hourly)
                    continue;
                if (charge == "SPOTPAID") {
                    l.spotHourly = l.spotHourly ? std::min(*l.spotHourly, *hourly) : *hourly;
                } else {
                    if (!l.onDemand || *hourly < *l.onDemand) {
                        l.onDemand = *hourly;
                        l.cheapestZone = zone;
                    }
                    l.onDemandMax = std::max(l.onDemandMax.value_or(0), *hourly);
                    if (price(*itemPrice, "UnitPriceSecondStep", pricePath, kMaxHourly))
                        addNote(l, "pay-as-you-go price of the first 96 h (later hours have step prices)");
                }
            } else if (charge == "PREPAID") {
                auto month = price(*itemPrice, "DiscountPrice", pricePath, kMaxMonthly);
                if (!month)
                    month = price(*itemPrice, "OriginalPrice", pricePath, kMaxMonthly);
                if (month && (!l.monthly || *month < *l.monthly))
                    l.monthly = *month;
            }
        }
    }

    void tencentQuote(const json& instancePrice)
    {
        format = "tencent InquiryPriceRunInstances";
        command = "tccli cvm InquiryPriceRunInstances";
        Listing& l = quotedInstance("tencent");
        l.currency = currencyOrAsk("");
        const std::string path = "Price.InstancePrice";
        auto hourly = price(instancePrice, "UnitPriceDiscount", path, kMaxHourly);
        if (!hourly)
            hourly = price(instancePrice, "UnitPrice", path, kMaxHourly);
        if (hourly) {
            l.onDemand = hourly;
        } else {
            auto total = price(instancePrice, "DiscountPrice", path, kMaxMonthly);
            if (!total)
                total = price(instancePrice, "OriginalPrice", path, kMaxMonthly);
            if (!total)
                throw BadField { path, { words::kNoQuotedPrice } };
            if (!options.months)
                throw BadField { "", { words::kPrepaidNeedsMonths } };
            l.monthly = *total / *options.months;
        }
        addNote(l, "includes the system disk of the quoted launch");
    }

    // AWS -------------------------------------------------------------------------------------------------

    void awsInstanceTypes(const json& types)
    {
        format = "aws ec2 describe-instance-types";
        command = "aws ec2 describe-instance-types";
        for (std::size_t i = 0; i < types.size(); ++i) {
            const json& item = types[i];
            const std::string path = "InstanceTypes[" + std::to_string(i) + "]";
            const std::string type = text(item, "InstanceType");
            if (type.empty())
                throw BadField { path + ".InstanceType", { words::kRequired } };
            const json* gpuInfo = jsonChild(item, "GpuInfo");
            const json* gpuList = gpuInfo ? list(*gpuInfo, "Gpus") : nullptr;
            if (!gpuList || gpuList->empty())
                continue; // no GPU
            const json& gpu = gpuList->front();
            double count = number(gpu, "Count", path + ".GpuInfo.Gpus[0]").value_or(0);
            if (auto partition = number(gpu, "GpuPartitionSize", path + ".GpuInfo.Gpus[0]"))
                count *= *partition;
            if (count <= 0)
                continue;
            Listing& l = listing("aws", type);
            l.family = type.substr(0, type.find('.'));
            l.hasSize = true;
            l.gpus = count;
            l.gpuName = text(gpu, "Name");
            if (const json* memory = jsonChild(gpu, "MemoryInfo"))
                l.gpuMemoryMiB = number(*memory, "SizeInMiB", path + ".GpuInfo.Gpus[0].MemoryInfo").value_or(0);
            if (const json* cpu = jsonChild(item, "VCpuInfo"))
                l.vcpus = static_cast<int>(number(*cpu, "DefaultVCpus", path + ".VCpuInfo").value_or(0));
            if (const json* memory = jsonChild(item, "MemoryInfo"))
                l.memoryGiB = number(*memory, "SizeInMiB", path + ".MemoryInfo").value_or(0) / 1024.0;
            if (const json* network = jsonChild(item, "NetworkInfo")) {
                double peak = 0;
                if (const json* cards = list(*network, "NetworkCards"))
                    for (const json& card : *cards)
                        peak += number(card, "PeakBandwidthInGbps", path + ".NetworkInfo.NetworkCards").value_or(0);
                if (peak <= 0) {
                    // "100 Gigabit", "Up to 10 Gigabit": the number, a burst figure for "Up to".
                    const std::string performance = text(*network, "NetworkPerformance");
                    const auto digit = performance.find_first_of("0123456789");
                    if (digit != std::string::npos)
                        peak = std::strtod(performance.c_str() + digit, nullptr);
                }
                l.networkGbps = peak;
                if (const json* efa = jsonChild(*network, "EfaSupported"); efa && efa->is_boolean())
                    l.rdma = efa->get<bool>();
            }
        }
    }

    void awsPriceList(const json& priceList)
    {
        format = "aws pricing get-products";
        command = "aws pricing get-products";
        std::map<std::string, std::set<std::string>> regions; // instance -> regions priced
        for (std::size_t i = 0; i < priceList.size(); ++i) {
            const std::string path = "PriceList[" + std::to_string(i) + "]";
            json element;
            if (priceList[i].is_string()) {
                // Each element is a JSON document in a string.
                if (auto problem = detail::parseJsonDocument(priceList[i].get<std::string>(), element))
                    throw BadField { path, *problem };
            } else {
                element = priceList[i];
            }
            const json* product = jsonChild(element, "product");
            const json* attributes = product ? jsonChild(*product, "attributes") : nullptr;
            if (!attributes)
                throw BadField { path + ".product.attributes", { words::kRequired } };
            const std::string type = text(*attributes, "instanceType");
            if (type.empty())
                continue;
            // The plain Linux, shared-tenancy, no-extra-software, on-demand-capacity price only.
            auto is = [&](const char* key, const char* wanted) {
                const std::string v = text(*attributes, key);
                return v.empty() || v == wanted;
            };
            if (!is("operatingSystem", "Linux") || !is("tenancy", "Shared") || !is("preInstalledSw", "NA")
                || !is("capacitystatus", "Used") || !is("licenseModel", "No License required"))
                continue;
            const std::string region = text(*attributes, "regionCode");
            if (!inRegion(region))
                continue;
            const json* terms = jsonChild(element, "terms");
            std::optional<double> onDemand;
            std::string currency;
            auto hourlyOf = [&](const json& term, const std::string& termPath) -> std::optional<double> {
                const json* dimensions = jsonChild(term, "priceDimensions");
                if (!dimensions || !dimensions->is_object())
                    return std::nullopt;
                for (const auto& [key, dimension] : dimensions->items()) {
                    if (text(dimension, "unit") != "Hrs")
                        continue;
                    const json* perUnit = jsonChild(dimension, "pricePerUnit");
                    if (!perUnit || !perUnit->is_object() || perUnit->empty())
                        continue;
                    const auto first = perUnit->begin();
                    const std::string dimensionPath = termPath + ".priceDimensions." + key + ".pricePerUnit";
                    if (!currency.empty() && currency != first.key())
                        throw BadField { dimensionPath, { words::kMixesCurrencies, { currency, first.key() } } };
                    currency = first.key();
                    return price(*perUnit, first.key().c_str(), dimensionPath, kMaxHourly);
                }
                return std::nullopt;
            };
            if (const json* onDemandTerms = terms ? jsonChild(*terms, "OnDemand") : nullptr;
                onDemandTerms && onDemandTerms->is_object())
                for (const auto& [key, term] : onDemandTerms->items())
                    if (auto hourly = hourlyOf(term, path + ".terms.OnDemand." + key))
                        onDemand = hourly;
            std::optional<double> reserved;
            if (const json* reservedTerms = terms ? jsonChild(*terms, "Reserved") : nullptr;
                reservedTerms && reservedTerms->is_object())
                for (const auto& [key, term] : reservedTerms->items()) {
                    const json* attributesOfTerm = jsonChild(term, "termAttributes");
                    if (!attributesOfTerm || text(*attributesOfTerm, "LeaseContractLength") != "1yr"
                        || text(*attributesOfTerm, "PurchaseOption") != "No Upfront"
                        || text(*attributesOfTerm, "OfferingClass") != "standard")
                        continue;
                    if (auto hourly = hourlyOf(term, path + ".terms.Reserved." + key))
                        reserved = hourly;
                }
            if (!onDemand || *onDemand <= 0)
                continue; // a SKU without an hourly on-demand price (e.g. a capacity reservation)
            regions[type].insert(region);
            Listing& l = listing("aws", type);
            l.family = type.substr(0, type.find('.'));
            l.currency = currencyOrAsk(currency);
            l.onDemand = onDemand;
            if (reserved) {
                l.reservedHourly = reserved;
                addNote(l, "reserved: 1-year standard No Upfront");
            }
            if (!region.empty())
                addNote(l, region);
        }
        for (const auto& [type, set] : regions)
            if (set.size() > 1) {
                std::string names;
                for (const auto& r : set)
                    names += (names.empty() ? "" : ", ") + r;
                throw BadField { "", { words::kSeveralRegions, { type, names } } };
            }
    }

    // Alibaba ---------------------------------------------------------------------------------------------

    static std::string alibabaFamily(const std::string& family)
    {
        return family.rfind("ecs.", 0) == 0 ? family.substr(4) : family;
    }

    void alibabaInstanceTypes(const json& types)
    {
        format = "alibaba DescribeInstanceTypes";
        command = "aliyun ecs DescribeInstanceTypes";
        for (std::size_t i = 0; i < types.size(); ++i) {
            const json& item = types[i];
            const std::string path = "InstanceTypes.InstanceType[" + std::to_string(i) + "]";
            const std::string type = text(item, "InstanceTypeId");
            if (type.empty())
                throw BadField { path + ".InstanceTypeId", { words::kRequired } };
            const double gpus = number(item, "GPUAmount", path).value_or(0);
            if (gpus <= 0)
                continue;
            Listing& l = listing("alibaba", type);
            l.family = alibabaFamily(text(item, "InstanceTypeFamily"));
            if (l.family.empty()) {
                // "ecs.gn7i-c8g1.2xlarge" -> "gn7i"
                std::string rest = type.rfind("ecs.", 0) == 0 ? type.substr(4) : type;
                l.family = rest.substr(0, rest.find_first_of("-."));
            }
            l.hasSize = true;
            l.gpus = gpus;
            l.gpuName = text(item, "GPUSpec");
            l.gpuMemoryMiB = number(item, "GPUMemorySize", path).value_or(0) * 1024.0;
            l.vcpus = static_cast<int>(number(item, "CpuCoreCount", path).value_or(0));
            l.memoryGiB = number(item, "MemorySize", path).value_or(0);
            // Kbit/s; whether the API counts 1,000 or 1,024 per Mbit is not documented: round to whole Gbit/s.
            const double kbits = std::max(number(item, "InstanceBandwidthRx", path).value_or(0),
                number(item, "InstanceBandwidthTx", path).value_or(0));
            l.networkGbps = std::round(kbits / 1e6);
        }
    }

    void alibabaAvailableResource(const json& zones)
    {
        format = "alibaba DescribeAvailableResource";
        command = "aliyun ecs DescribeAvailableResource";
        for (std::size_t z = 0; z < zones.size(); ++z) {
            const json& zone = zones[z];
            const std::string zonePath = "AvailableZones.AvailableZone[" + std::to_string(z) + "]";
            const std::string zoneId = text(zone, "ZoneId");
            if (zoneId.empty())
                throw BadField { zonePath + ".ZoneId", { words::kRequired } };
            std::string region = text(zone, "RegionId");
            if (region.empty())
                region = regionOfZone(zoneId);
            if (!inRegion(region))
                continue;
            const json* resources = list(zone, "AvailableResources", "AvailableResource");
            if (!resources)
                continue;
            for (const json& resource : *resources) {
                if (text(resource, "Type") != "InstanceType")
                    continue;
                const json* supported = list(resource, "SupportedResources", "SupportedResource");
                if (!supported)
                    continue;
                for (const json& entry : *supported) {
                    const std::string type = text(entry, "Value");
                    if (type.empty())
                        continue;
                    const std::string status = text(entry, "Status");
                    const std::string category = text(entry, "StatusCategory");
                    std::string stock = "in_stock";
                    if (status == "SoldOut" || category == "WithoutStock" || category == "ClosedWithoutStock")
                        stock = "sold_out";
                    else if (category == "ClosedWithStock")
                        stock = "limited";
                    Listing& l = listing("alibaba", type);
                    std::string rest = type.rfind("ecs.", 0) == 0 ? type.substr(4) : type;
                    l.family = rest.substr(0, rest.find_first_of("-."));
                    setStock(l, zoneId, stock, 0);
                }
            }
        }
    }

    void alibabaPrice(const json& priceObject)
    {
        format = "alibaba DescribePrice";
        command = "aliyun ecs DescribePrice";
        Listing& l = quotedInstance("alibaba");
        l.currency = currencyOrAsk(text(priceObject, "Currency"));
        std::optional<double> amount;
        if (const json* details = list(priceObject, "DetailInfos", "DetailInfo"))
            for (std::size_t i = 0; i < details->size(); ++i)
                if (text((*details)[i], "Resource") == "instanceType")
                    amount = price((*details)[i], "TradePrice",
                        "PriceInfo.Price.DetailInfos.DetailInfo[" + std::to_string(i) + "]", kMaxMonthly);
        if (!amount) {
            amount = price(priceObject, "TradePrice", "PriceInfo.Price", kMaxMonthly);
            if (amount)
                addNote(l, "includes the system disk of the quote");
        }
        if (!amount)
            throw BadField { "PriceInfo.Price.TradePrice", { words::kRequired } };
        if (options.months) {
            l.monthly = *amount / *options.months;
        } else {
            if (*amount > kMaxHourly)
                throw BadField { "PriceInfo.Price.TradePrice", { words::kTooLargeForHourly } };
            l.onDemand = amount;
        }
    }

    static void addNote(Listing& l, const std::string& note)
    {
        if (std::find(l.notes.begin(), l.notes.end(), note) == l.notes.end())
            l.notes.push_back(note);
    }

    void read(const json& document)
    {
        const json* root = &document;
        if (const json* response = jsonChild(document, "Response"); response && response->is_object())
            root = response; // the API's wrapper; tccli prints the object without it
        if (const json* error = jsonChild(*root, "Error"))
            throw BadField { "Error", { words::kErrorResponse, { text(*error, "Code"), text(*error, "Message") } } };
        if (const json* set = list(*root, "InstanceTypeQuotaSet"))
            return tencentZoneConfigs(*set);
        if (const json* p = jsonChild(*root, "Price"); p && jsonChild(*p, "InstancePrice"))
            return tencentQuote(*jsonChild(*p, "InstancePrice"));
        if (const json* types = list(*root, "InstanceTypes"))
            return awsInstanceTypes(*types);
        if (const json* types = list(*root, "InstanceTypes", "InstanceType"))
            return alibabaInstanceTypes(*types);
        if (const json* prices = list(*root, "PriceList"))
            return awsPriceList(*prices);
        if (const json* zones = list(*root, "AvailableZones", "AvailableZone"))
            return alibabaAvailableResource(*zones);
        if (const json* info = jsonChild(*root, "PriceInfo"); info && jsonChild(*info, "Price"))
            return alibabaPrice(*jsonChild(*info, "Price"));
        throw BadField { "", { words::kNotCloudListing } };
    }
};

// "NVIDIA A100 40GB SXM4" -> "a100"; "NVIDIA GeForce RTX 4090 24GB" -> "rtx4090"; "NVIDIA H200 NVL 141GB" ->
// "h200nvl"; "AMD Instinct MI300X 192GB" -> "mi300x". Sizes, form factors and vendor words are left out.
std::string gpuModelKey(std::string_view name)
{
    std::string key;
    std::string word;
    auto flush = [&] {
        const std::string w = lower(word);
        word.clear();
        if (w.empty() || w == "nvidia" || w == "amd" || w == "tesla" || w == "geforce" || w == "instinct" || w == "(aws"
            || w == "g5)" || w.rfind("sxm", 0) == 0 || w.rfind("pcie", 0) == 0 || w.rfind("oam", 0) == 0)
            return;
        if (w.size() > 2 && w.substr(w.size() - 2) == "gb" && std::isdigit(static_cast<unsigned char>(w[0])))
            return; // "40gb"
        if (w.front() == '(')
            return;
        key += w;
    };
    for (char c : name) {
        if (c == ' ' || c == '-' || c == '_' || c == '/')
            flush();
        else
            word += c;
    }
    flush();
    return key;
}

std::string formFactorIn(std::string_view name)
{
    const std::string l = lower(name);
    if (l.find("sxm") != std::string::npos)
        return "sxm";
    if (l.find("pcie") != std::string::npos)
        return "pcie";
    return {};
}

bool isWhole(double count)
{
    return count >= 1 && std::abs(count - std::round(count)) < 1e-9;
}

std::string formatCount(double count)
{
    return formatExact(count);
}

Diagnostic notice(std::string code, std::string message, std::vector<std::pair<std::string, std::string>> args)
{
    return Diagnostic { std::move(code), std::move(message), std::move(args) };
}

// A discount off on-demand from an absolute price, kept within the catalog's limits.
std::optional<double> discountFrom(const std::optional<double>& rate, const std::optional<double>& onDemand)
{
    if (!rate || !onDemand || *onDemand <= 0)
        return std::nullopt;
    return std::clamp(1.0 - *rate / *onDemand, 0.0, 0.99);
}

} // namespace

std::string matchGpuName(const Catalog& catalog, std::string_view name, double memoryMiB)
{
    const std::string key = gpuModelKey(name);
    if (key.empty())
        return {};
    const std::string form = formFactorIn(name);
    std::vector<const GpuSpec*> matches;
    for (const GpuSpec& gpu : catalog.gpus) {
        if (gpuModelKey(gpu.name) != key)
            continue;
        if (memoryMiB > 0) {
            // The driver reports a little less than the datasheet (22,888 MiB for a 24 GB L4).
            const double gib = gpu.memoryBytes / (1024.0 * 1024.0 * 1024.0);
            if (std::abs(memoryMiB / 1024.0 - gib) > 0.12 * gib)
                continue;
        }
        if (!form.empty() && gpu.formFactor != form)
            continue;
        matches.push_back(&gpu);
    }
    return matches.size() == 1 ? matches.front()->id : std::string();
}

namespace
{

// A listed size the catalog does not know, added to `result.overrides` with the GPU its file or family names; false
// (and a notice) when it cannot be placed.
bool addListedInstance(const Listing& l, const Catalog& catalog, const std::string& source,
    const CloudImportOptions& options, const std::string& command, CloudImportResult& result)
{
    CatalogOverrides& out = result.overrides;
    if (!l.hasSize) {
        result.notices.push_back(notice("import_unknown_instance",
            l.id
                + " is not in the catalog; import the file that lists its size "
                  "(describe-instance-types, DescribeInstanceTypes) first",
            { { "instance", l.id } }));
        return false;
    }
    // The GPU: the name in the file, else the one the family's other sizes have.
    const InstanceSpec* sibling = nullptr;
    std::set<std::string> familyGpus;
    for (const InstanceSpec& i : catalog.instances)
        if (i.provider == l.provider && i.family == l.family) {
            familyGpus.insert(i.gpu);
            if (!sibling || (i.gpus > 1 && sibling->gpus == 1))
                sibling = &i;
        }
    std::string gpu;
    if (!l.gpuName.empty()) {
        gpu = matchGpuName(catalog, l.gpuName, l.gpuMemoryMiB);
        if (gpu.empty() && familyGpus.size() == 1
            && gpuModelKey(catalog.findGpu(*familyGpus.begin())->name) == gpuModelKey(l.gpuName))
            gpu = *familyGpus.begin();
        if (gpu.empty()) {
            result.notices.push_back(
                notice("import_unknown_gpu", l.id + ": unknown GPU \"" + l.gpuName + "\"; left out",
                    { { "instance", l.id }, { "gpu", l.gpuName } }));
            return false;
        }
    } else if (familyGpus.size() == 1) {
        gpu = *familyGpus.begin();
    } else {
        result.notices.push_back(notice("import_unknown_family",
            l.id + ": unknown instance family \"" + l.family + "\" (the file does not name its GPU); left out",
            { { "instance", l.id }, { "family", l.family } }));
        return false;
    }
    InstanceSpec added;
    added.id = l.id;
    added.provider = l.provider;
    added.family = l.family.empty() ? l.name : l.family;
    added.name = l.name;
    added.gpu = gpu;
    added.gpus = static_cast<int>(std::lround(l.gpus));
    added.vcpus = l.vcpus;
    added.memoryBytes = l.memoryGiB * 1024.0 * 1024.0 * 1024.0;
    added.networkGbps = l.networkGbps > 0 ? l.networkGbps : (sibling ? sibling->networkGbps : 0);
    added.rdma = l.rdma.value_or(sibling ? sibling->rdma : false);
    if (sibling && sibling->gpu == gpu && sibling->gpus > 1 && added.gpus > 1)
        added.intraNode = sibling->intraNode; // else resolved from the GPU when merged
    added.source = source;
    added.asOf = options.date;
    added.notes = "imported from " + command;
    added.price.status = "quoted";
    added.price.currency = l.currency.empty() ? "CNY" : l.currency;
    std::erase_if(out.instances, [&](const InstanceSpec& i) { return i.id == l.id; });
    out.instances.push_back(added);
    ++result.added;
    return true;
}

// The listing's prices as a quote for its instance: a new quote, or this file's figures over an earlier import's.
void importListingPrice(Listing& l, const InstanceSpec* known, const std::string& source, const std::string& date,
    CloudImportResult& result)
{
    CatalogOverrides& out = result.overrides;
    std::optional<double> onDemandReference = l.onDemand;
    if (!onDemandReference && known && known->price.currency == l.currency)
        onDemandReference = known->price.onDemandPerHour;
    PriceSpec quote;
    quote.currency = l.currency;
    quote.onDemandPerHour = l.onDemand;
    quote.monthly = l.monthly;
    quote.spotDiscount = discountFrom(l.spotHourly, onDemandReference);
    quote.reservedDiscount = discountFrom(l.reservedHourly, onDemandReference);
    if (l.onDemand && l.onDemandMax && *l.onDemandMax > *l.onDemand * (1 + 1e-9)) {
        Reader::addNote(l, "lowest zone price, " + l.cheapestZone);
        result.notices.push_back(notice("import_prices_differ_by_zone",
            l.id + ": pay-as-you-go prices differ by zone; the lowest (" + l.cheapestZone + ") is used",
            { { "instance", l.id }, { "zone", l.cheapestZone } }));
    }
    if (quote.onDemandPerHour || quote.monthly || quote.spotDiscount || quote.reservedDiscount) {
        quote.status = "quoted";
        quote.source = source;
        quote.asOf = date;
        for (const auto& note : l.notes)
            quote.note += (quote.note.empty() ? "" : "; ") + note;
        auto existing
            = std::find_if(out.prices.begin(), out.prices.end(), [&](const auto& p) { return p.first == l.id; });
        if (existing == out.prices.end()) {
            out.prices.emplace_back(l.id, quote);
        } else if (existing->second.status == "quoted" && existing->second.currency == quote.currency) {
            // An earlier import: this file's figures replace its, the others stay.
            PriceSpec& merged = existing->second;
            for (auto field : { &PriceSpec::onDemandPerHour, &PriceSpec::monthly, &PriceSpec::spotDiscount,
                     &PriceSpec::reservedDiscount })
                if (quote.*field)
                    merged.*field = quote.*field;
            if (merged.source.find(source) == std::string::npos)
                merged.source += "; " + source;
            merged.asOf = date;
            if (!quote.note.empty() && merged.note.find(quote.note) == std::string::npos)
                merged.note += (merged.note.empty() ? "" : "; ") + quote.note;
        } else {
            if (existing->second.status != "quoted")
                result.notices.push_back(notice("import_user_quote_replaced",
                    l.id + ": your own quote is replaced by the imported price", { { "instance", l.id } }));
            existing->second = quote;
        }
        ++result.prices;
    }
}

void importListingStock(const Listing& l, CloudImportResult& result)
{
    CatalogOverrides& out = result.overrides;
    // Stock per zone: this file's zones replace the same zones of an earlier import.
    if (!l.zones.empty()) {
        auto existing = std::find_if(
            out.availability.begin(), out.availability.end(), [&](const auto& a) { return a.first == l.id; });
        if (existing == out.availability.end()) {
            out.availability.emplace_back(l.id, l.zones);
        } else {
            for (const ZoneStock& zone : l.zones) {
                auto same = std::find_if(existing->second.begin(), existing->second.end(),
                    [&](const ZoneStock& z) { return z.zone == zone.zone; });
                if (same != existing->second.end())
                    same->status = zone.status;
                else
                    existing->second.push_back(zone);
            }
        }
        ++result.stock;
    }
}

} // namespace

Expected<CloudImportResult> importCloudListing(std::string_view input, const CloudImportOptions& options,
    const Catalog& builtin, const CatalogOverrides& overrides)
{
    if (!options.currency.empty() && options.currency != "CNY" && options.currency != "USD")
        return wordedError("--currency", { words::kCurrencyGot, { options.currency } });
    if (options.months && *options.months < 1)
        return wordedError("--months", { words::kAtLeastOne });
    json document;
    if (auto problem = detail::parseJsonDocument(input, document)) {
        Error e = wordedError("", *problem, options.fileName);
        appendWords(e, { words::kIsTheFileComplete });
        return e;
    }
    Reader reader { options, {}, {}, {}, {} };
    try {
        reader.read(document);
    } catch (const BadField& bad) {
        return wordedError(bad.path, bad.words, options.fileName);
    }

    CloudImportResult result;
    result.format = reader.format;
    result.overrides = overrides;
    const Catalog catalog = mergeOverrides(builtin, overrides);
    std::string source = options.fileName.empty() ? reader.command : options.fileName + " (" + reader.command + ")";

    for (Listing& l : reader.listings) {
        const InstanceSpec* known = catalog.findInstance(l.id);
        if (l.hasSize && !isWhole(l.gpus)) {
            // A vGPU slice is not a whole GPU: the planner cannot place a model on it.
            result.notices.push_back(notice("import_fractional_gpu",
                l.id + ": " + formatCount(l.gpus) + " of a GPU (vGPU) is not a whole GPU; left out",
                { { "instance", l.id }, { "gpus", formatCount(l.gpus) } }));
            continue;
        }
        if (!known && !addListedInstance(l, catalog, source, options, reader.command, result))
            continue;
        importListingPrice(l, known, source, options.date, result);
        importListingStock(l, result);
    }
    return result;
}

} // namespace gp
