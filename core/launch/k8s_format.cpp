// Kubernetes manifests of the recommendation: training as an Indexed Job (one pod per node, torchtitan's TOML in a
// ConfigMap, a headless Service for the pods to find node 0), serving as a Deployment of `vllm serve` replicas;
// every pod on the recommended instance type (node.kubernetes.io/instance-type, the label TKE, ACK, EKS, GKE and
// AKS nodes carry) with all of its GPUs.
#include "launch/launch_internal.h"

#include <algorithm>
#include <cctype>

namespace gp::launch
{

namespace
{

// A YAML scalar that would read back as a number, a bool or null is written quoted, so a string stays a string.
bool needsQuotes(const std::string& text)
{
    if (text.empty() || numberText(text))
        return true;
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return lower == "true" || lower == "false" || lower == "yes" || lower == "no" || lower == "on" || lower == "off"
        || lower == "null" || lower == "~";
}

void emitJson(YAML::Emitter& out, const nlohmann::json& value)
{
    if (value.is_object()) {
        out << YAML::BeginMap;
        for (const auto& [key, item] : value.items()) {
            out << YAML::Key << key << YAML::Value;
            emitJson(out, item);
        }
        out << YAML::EndMap;
    } else if (value.is_array()) {
        out << YAML::BeginSeq;
        for (const auto& item : value)
            emitJson(out, item);
        out << YAML::EndSeq;
    } else if (value.is_string()) {
        const std::string text = value.get<std::string>();
        if (text.find('\n') != std::string::npos)
            out << YAML::Literal << text;
        else if (needsQuotes(text))
            out << YAML::DoubleQuoted << text;
        else
            out << text;
    } else if (value.is_boolean()) {
        out << value.get<bool>();
    } else if (value.is_number_integer()) {
        out << value.get<long long>();
    } else if (value.is_number()) {
        out << value.get<double>();
    } else {
        out << YAML::Null;
    }
}

std::string clusterName(const std::string& provider)
{
    if (provider == "tencent")
        return "TKE (Tencent Kubernetes Engine)";
    if (provider == "alibaba")
        return "ACK (Alibaba Cloud Container Service for Kubernetes)";
    if (provider == "aws")
        return "EKS (Amazon Elastic Kubernetes Service)";
    if (provider == "gcp" || provider == "google")
        return "GKE (Google Kubernetes Engine)";
    if (provider == "azure")
        return "AKS (Azure Kubernetes Service)";
    return "your Kubernetes cluster";
}

// A DNS-1123 name from the model ("llama-3-1-8b-train").
std::string resourceName(const std::string& model, const char* suffix)
{
    std::string name;
    for (char c : model.substr(model.rfind('/') + 1)) {
        const char lower = char(std::tolower(static_cast<unsigned char>(c)));
        name += std::isalnum(static_cast<unsigned char>(lower)) ? lower : '-';
    }
    while (name.find("--") != std::string::npos)
        name.erase(name.find("--"), 1);
    name = name.substr(0, 40);
    while (!name.empty() && name.back() == '-')
        name.pop_back();
    return (name.empty() ? std::string("model") : name) + "-" + suffix;
}

// The pod template every manifest shares: the instance type, its GPUs, the container.
nlohmann::json podSpec(const LaunchTarget& t, const nlohmann::json& container, std::vector<std::string>& notes)
{
    const auto& r = t.result;
    const std::string gpuResource = r.gpu.rfind("mi", 0) == 0 ? "amd.com/gpu" : "nvidia.com/gpu";
    nlohmann::json c = container;
    c["resources"]
        = { { "limits", { { gpuResource, r.gpusPerNode } } }, { "requests", { { gpuResource, r.gpusPerNode } } } };
    c["volumeMounts"] = nlohmann::json::array({ { { "name", "dshm" }, { "mountPath", "/dev/shm" } } });
    nlohmann::json spec { { "containers", nlohmann::json::array({ c }) },
        { "tolerations",
            nlohmann::json::array(
                { { { "key", gpuResource }, { "operator", "Exists" }, { "effect", "NoSchedule" } } }) },
        { "volumes", nlohmann::json::array({ { { "name", "dshm" }, { "emptyDir", { { "medium", "Memory" } } } } }) } };
    if (t.instance) {
        spec["nodeSelector"] = { { "node.kubernetes.io/instance-type", t.instance->name } };
        if (t.instance->sizeEstimate)
            notes.push_back("instance type: " + t.instance->name
                + " is the catalog's name for a size its provider describes in text; use the type your node pool "
                  "reports");
    } else {
        notes.push_back(
            "node selector: the candidate is a bare GPU (" + r.gpuName + "); add the label of your GPU nodes");
    }
    return spec;
}

std::string documents(const std::vector<nlohmann::json>& docs)
{
    std::string text;
    for (const auto& doc : docs) {
        YAML::Emitter out;
        emitJson(out, doc);
        text += "---\n" + std::string(out.c_str()) + "\n";
    }
    return text;
}

Expected<LaunchExport> trainingJob(const LaunchTarget& t, LaunchExport result)
{
    auto torchtitan = writeTorchtitan(t);
    if (!torchtitan)
        return torchtitan.error();
    result.notes.insert(result.notes.end(), torchtitan->notes.begin(), torchtitan->notes.end());
    result.notes.push_back("image: the container image must hold torchtitan and the model's assets (./assets/hf)");
    const auto& r = t.result;
    const std::string job = resourceName(t.modelId, "train");
    std::string command = "torchrun --nnodes " + std::to_string(r.nodes) + " --nproc_per_node "
        + std::to_string(r.gpusPerNode) + " --node_rank \"${JOB_COMPLETION_INDEX}\"";
    if (r.nodes > 1)
        command += " --master_addr " + job + "-0." + job + " --master_port 29500";
    command += " -m torchtitan.train --job.config_file /config/torchtitan.toml";
    nlohmann::json container { { "name", "train" }, { "image", "ghcr.io/pytorch/torchtitan:latest" },
        { "command", nlohmann::json::array({ "bash", "-c", command }) }, { "volumeMounts", nlohmann::json::array() } };
    nlohmann::json pod = podSpec(t, container, result.notes);
    pod["containers"][0]["volumeMounts"].push_back({ { "name", "config" }, { "mountPath", "/config" } });
    pod["volumes"].push_back({ { "name", "config" }, { "configMap", { { "name", job + "-config" } } } });
    pod["restartPolicy"] = "Never";
    pod["subdomain"] = job;
    std::vector<nlohmann::json> docs;
    docs.push_back({ { "apiVersion", "v1" }, { "kind", "ConfigMap" }, { "metadata", { { "name", job + "-config" } } },
        { "data", { { "torchtitan.toml", torchtitan->files[0].text } } } });
    docs.push_back({ { "apiVersion", "v1" }, { "kind", "Service" }, { "metadata", { { "name", job } } },
        { "spec", { { "clusterIP", "None" }, { "selector", { { "job-name", job } } } } } });
    docs.push_back({ { "apiVersion", "batch/v1" }, { "kind", "Job" },
        { "metadata", { { "name", job }, { "labels", { { "app.kubernetes.io/managed-by", "gpu-planner" } } } } },
        { "spec",
            { { "completionMode", "Indexed" }, { "completions", r.nodes }, { "parallelism", r.nodes },
                { "backoffLimit", 0 },
                { "template", { { "metadata", { { "labels", { { "job-name", job } } } } }, { "spec", pod } } } } } });
    result.files.push_back({ "job.yaml", commentHeader(t, "#", result.notes) + documents(docs) });
    return result;
}

Expected<LaunchExport> servingDeployment(const LaunchTarget& t, LaunchExport result)
{
    auto vllm = writeVllm(t);
    if (!vllm)
        return vllm.error();
    result.notes.insert(result.notes.end(), vllm->notes.begin(), vllm->notes.end());
    if (t.result.nodes > 1)
        result.notes.push_back(
            "a replica spans nodes: a Deployment pod is one node; use LeaderWorkerSet for multi-node replicas");
    // The container runs serve.sh's command: its words after the header, continuations joined.
    auto script = readShellScript(vllm->files[0].text, "serve.sh");
    if (!script || script->commands.size() < 2)
        return wordedError("", { words::kVllmCommandNotReadBack });
    nlohmann::json command = nlohmann::json::array();
    for (const auto& word : script->commands.back().words)
        command.push_back(word.text);
    const std::string name = resourceName(t.modelId, "serve");
    nlohmann::json container { { "name", "vllm" }, { "image", "vllm/vllm-openai:latest" }, { "command", command },
        { "ports", nlohmann::json::array({ { { "containerPort", 8000 }, { "name", "http" } } }) } };
    nlohmann::json pod = podSpec(t, container, result.notes);
    const int replicas = t.result.serving ? t.result.serving->replicas : 1;
    nlohmann::json deployment { { "apiVersion", "apps/v1" }, { "kind", "Deployment" },
        { "metadata", { { "name", name }, { "labels", { { "app.kubernetes.io/managed-by", "gpu-planner" } } } } },
        { "spec",
            { { "replicas", replicas }, { "selector", { { "matchLabels", { { "app", name } } } } },
                { "template", { { "metadata", { { "labels", { { "app", name } } } } }, { "spec", pod } } } } } };
    nlohmann::json service { { "apiVersion", "v1" }, { "kind", "Service" }, { "metadata", { { "name", name } } },
        { "spec",
            { { "selector", { { "app", name } } },
                { "ports", nlohmann::json::array({ { { "port", 8000 }, { "targetPort", "http" } } }) } } } };
    result.files.push_back(
        { "deployment.yaml", commentHeader(t, "#", result.notes) + documents({ deployment, service }) });
    return result;
}

} // namespace

Expected<LaunchExport> writeKubernetes(const LaunchTarget& target)
{
    LaunchExport result;
    result.format = "k8s";
    auto header = target;
    const std::string provider = target.instance ? target.instance->provider : std::string();
    header.header.push_back("Cluster: " + clusterName(provider) + "; pods on instance type "
        + (target.instance ? target.instance->name : std::string("(bare GPU)")));
    if (target.plan.workload.mode == Mode::Serving)
        return servingDeployment(header, std::move(result));
    return trainingJob(header, std::move(result));
}

} // namespace gp::launch
