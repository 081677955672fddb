// The local Hugging Face cache: which folder, which models, which snapshot's config.json.
#include "transformer/hf_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

namespace gp
{
namespace
{

namespace fs = std::filesystem;

class HfCacheTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_hub = fs::temp_directory_path() / ("gp-hf-cache-" + std::to_string(std::random_device {}()));
        fs::create_directories(m_hub);
    }
    void TearDown() override { fs::remove_all(m_hub); }

    fs::path write(const fs::path& relative, const std::string& text)
    {
        const fs::path path = m_hub / relative;
        fs::create_directories(path.parent_path());
        std::ofstream(path) << text;
        return path;
    }

    fs::path m_hub;
};

TEST(HfCacheDir, FollowsHuggingFaceHubsOrder)
{
    EXPECT_EQ(huggingFaceHubDir("/cache/hub", "/hf", "/home/u"), "/cache/hub");
    EXPECT_EQ(huggingFaceHubDir(nullptr, "/hf", "/home/u"), fs::path("/hf/hub").string());
    EXPECT_EQ(huggingFaceHubDir("", "", "/home/u"), fs::path("/home/u/.cache/huggingface/hub").string());
    EXPECT_EQ(huggingFaceHubDir(nullptr, nullptr, nullptr), "");
}

TEST_F(HfCacheTest, ListsModelsWithAConfigAndPicksTheSnapshotMainPointsAt)
{
    // Qwen3: two snapshots; refs/main names the older one, which wins over the newer file.
    const fs::path pinned = write("models--Qwen--Qwen3-8B/snapshots/aaa111/config.json", R"({"model_type": "qwen3"})");
    const fs::path newer = write("models--Qwen--Qwen3-8B/snapshots/bbb222/config.json", R"({"model_type": "qwen3"})");
    fs::last_write_time(newer, fs::last_write_time(pinned) + std::chrono::hours(1));
    write("models--Qwen--Qwen3-8B/refs/main", "aaa111\n");
    // gpt2: no owner, no refs: its only snapshot.
    const fs::path gpt2 = write("models--gpt2/snapshots/ccc333/config.json", R"({"model_type": "gpt2"})");
    // No refs and two snapshots: the newest config.json.
    const fs::path old = write("models--meta-llama--Llama-3.1-8B/snapshots/d1/config.json", "{}");
    const fs::path latest = write("models--meta-llama--Llama-3.1-8B/snapshots/d2/config.json", "{}");
    fs::last_write_time(latest, fs::last_write_time(old) + std::chrono::hours(2));
    // Left out: a model with only weights, a dataset, a stray file, a refs/main naming a missing snapshot's
    // folder that has no config.
    write("models--org--weights-only/snapshots/e1/model.safetensors", "x");
    write("datasets--org--data/snapshots/f1/config.json", "{}");
    write("version.txt", "1");
    write("models--org--broken-ref/refs/main", "../../escape\n");
    write("models--org--broken-ref/snapshots/g1/README.md", "x");

    const std::vector<CachedModel> models = cachedModels(m_hub.string());
    ASSERT_EQ(models.size(), 3u);
    EXPECT_EQ(models[0].repo, "Qwen/Qwen3-8B");
    EXPECT_EQ(fs::path(models[0].configPath), pinned);
    EXPECT_EQ(models[1].repo, "gpt2");
    EXPECT_EQ(fs::path(models[1].configPath), gpt2);
    EXPECT_EQ(models[2].repo, "meta-llama/Llama-3.1-8B");
    EXPECT_EQ(fs::path(models[2].configPath), latest);
}

TEST_F(HfCacheTest, AMissingOrEmptyCacheListsNothing)
{
    EXPECT_TRUE(cachedModels((m_hub / "absent").string()).empty());
    EXPECT_TRUE(cachedModels(m_hub.string()).empty());
    EXPECT_TRUE(cachedModels("").empty());
}

} // namespace
} // namespace gp
