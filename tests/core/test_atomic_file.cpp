// Atomic writes: complete file or none, and an existing file survives a failed write.
#include "base/atomic_file.h"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace
{

// A fresh empty directory per test, removed afterwards.
class AtomicFileTest : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_dir = fs::temp_directory_path()
            / ("gp-atomic-" + std::to_string(::getpid()) + "-"
                + ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(m_dir);
        fs::create_directories(m_dir);
    }
    void TearDown() override { fs::remove_all(m_dir); }

    static std::string readAll(const fs::path& path)
    {
        std::ifstream in(path, std::ios::binary);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }
    std::vector<std::string> entries() const
    {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(m_dir))
            names.push_back(entry.path().filename().string());
        return names;
    }

    fs::path m_dir;
};

TEST_F(AtomicFileTest, WritesNewFileWithExactContents)
{
    const fs::path target = m_dir / "plan.csv";
    const std::string contents = std::string("a,b\r\n\0binary\xff", 13) + std::string(100000, 'x');
    const auto written = gp::writeFileAtomically(target.string(), contents);
    ASSERT_TRUE(written.ok()) << written.error().toString();
    EXPECT_EQ(readAll(target), contents);
    EXPECT_EQ(entries(), std::vector<std::string> { "plan.csv" }); // no temporary left beside it
}

TEST_F(AtomicFileTest, ReplacesExistingFileAndKeepsItsMode)
{
    const fs::path target = m_dir / "report.pdf";
    std::ofstream(target) << "old contents that are longer than the new ones";
    ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
    const auto written = gp::writeFileAtomically(target.string(), "new");
    ASSERT_TRUE(written.ok()) << written.error().toString();
    EXPECT_EQ(readAll(target), "new");
    struct stat info {
    };
    ASSERT_EQ(::stat(target.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0640u);
    EXPECT_EQ(entries().size(), 1u);
}

TEST_F(AtomicFileTest, NewFileFollowsUmask)
{
    const mode_t previous = ::umask(022);
    const fs::path target = m_dir / "new.csv";
    const auto written = gp::writeFileAtomically(target.string(), "x");
    ::umask(previous);
    ASSERT_TRUE(written.ok());
    struct stat info {
    };
    ASSERT_EQ(::stat(target.c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0644u); // 0666 & ~022, not mkstemp's 0600
}

TEST_F(AtomicFileTest, MissingDirectoryFailsNamingThePath)
{
    const fs::path target = m_dir / "no-such-dir" / "plan.pdf";
    const auto written = gp::writeFileAtomically(target.string(), "data");
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().toString().find(target.string()), std::string::npos) << written.error().toString();
    EXPECT_FALSE(fs::exists(target));
    EXPECT_TRUE(entries().empty());
}

TEST_F(AtomicFileTest, ParentThatIsAFileFails)
{
    // Unwritable even for root: the "directory" is a regular file.
    const fs::path notADirectory = m_dir / "file";
    std::ofstream(notADirectory) << "x";
    const fs::path target = notADirectory / "plan.csv";
    const auto written = gp::writeFileAtomically(target.string(), "data");
    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().toString().find(target.string()), std::string::npos);
    EXPECT_EQ(entries(), std::vector<std::string> { "file" });
}

TEST_F(AtomicFileTest, DirectoryAsTargetFailsAndIsUntouched)
{
    fs::create_directories(m_dir / "out");
    const auto written = gp::writeFileAtomically((m_dir / "out").string(), "data");
    ASSERT_FALSE(written.ok());
    EXPECT_TRUE(fs::is_directory(m_dir / "out"));
    EXPECT_EQ(entries(), std::vector<std::string> { "out" });
}

TEST_F(AtomicFileTest, FailedWriteLeavesExistingFileUntouchedAndNoTemporary)
{
    // A file-size limit makes write() fail half way (EFBIG), like a full disk, even when running as root.
    const fs::path target = m_dir / "plan.csv";
    std::ofstream(target) << "previous complete file";
    rlimit previous {};
    ASSERT_EQ(::getrlimit(RLIMIT_FSIZE, &previous), 0);
    const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);
    rlimit limited = previous;
    limited.rlim_cur = 4096;
    ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &limited), 0);
    const auto written = gp::writeFileAtomically(target.string(), std::string(1 << 20, 'y'));
    ::setrlimit(RLIMIT_FSIZE, &previous);
    std::signal(SIGXFSZ, previousHandler);

    ASSERT_FALSE(written.ok());
    EXPECT_NE(written.error().toString().find(target.string()), std::string::npos);
    EXPECT_EQ(readAll(target), "previous complete file");
    EXPECT_EQ(entries(), std::vector<std::string> { "plan.csv" });
}

TEST_F(AtomicFileTest, WritesThroughSymbolicLink)
{
    const fs::path real = m_dir / "real.csv";
    std::ofstream(real) << "old";
    fs::create_symlink(real, m_dir / "link.csv");
    ASSERT_TRUE(gp::writeFileAtomically((m_dir / "link.csv").string(), "new").ok());
    EXPECT_TRUE(fs::is_symlink(m_dir / "link.csv"));
    EXPECT_EQ(readAll(real), "new");
}

TEST_F(AtomicFileTest, EmptyPathIsAnError)
{
    EXPECT_FALSE(gp::writeFileAtomically("", "x").ok());
}

TEST_F(AtomicFileTest, RelativePathWritesIntoWorkingDirectory)
{
    const fs::path previous = fs::current_path();
    fs::current_path(m_dir);
    const auto written = gp::writeFileAtomically("relative.csv", "r");
    fs::current_path(previous);
    ASSERT_TRUE(written.ok()) << written.error().toString();
    EXPECT_EQ(readAll(m_dir / "relative.csv"), "r");
}

} // namespace
