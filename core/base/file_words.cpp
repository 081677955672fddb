#include "base/file_words.h"

#include <cerrno>
#include <system_error>
#include <utility>

namespace gp
{

Words systemReasonWords(int err)
{
    switch (err) {
    case ENOSPC:
        return { words::kReasonNoSpace };
    case EDQUOT:
        return { words::kReasonQuota };
    case EACCES:
        return { words::kReasonPermission };
    case EPERM:
        return { words::kReasonNotPermitted };
    case EROFS:
        return { words::kReasonReadOnly };
    case ENOENT:
        return { words::kReasonNoSuchFile };
    case ENOTDIR:
        return { words::kReasonNotDirectory };
    case EISDIR:
        return { words::kReasonIsDirectory };
    case ENAMETOOLONG:
        return { words::kReasonNameTooLong };
    case EFBIG:
        return { words::kReasonFileTooLarge };
    case EIO:
        return { words::kReasonIo };
    case EEXIST:
        return { words::kReasonExists };
    default:
        return { words::kReasonOther, { std::error_code(err, std::generic_category()).message() } };
    }
}

Error fileError(const std::string& path, Words what, int err)
{
    Error error = wordedError({}, std::move(what), path);
    error.ioFailure = true;
    if (err != 0)
        appendWords(error, systemReasonWords(err));
    return error;
}

} // namespace gp
