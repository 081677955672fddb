// The words of the file reader's and writer's refusals (base/input_file.cpp, base/atomic_file.cpp): what could not
// be done to the file, then the system's reason. Like base/reader_words.h, each is the English template with its
// arguments %1, %2 ..., marked for translation in the "CoreError" context; the core fills it for its English message
// (what the CLI prints) and keeps it in Error::words, and the window words it in its language (ui/core_text.cpp).
#pragma once

#include "base/expected.h"
#include "base/translate_noop.h"

#include <string>

namespace gp
{

namespace words
{

// What could not be done (the file's path comes before it).
// A background export the user stopped before it wrote (the writer never leaves a part of a file).
// A printer (or its output file) that would not start a document.
inline constexpr const char* kCannotStartPrinting = GP_TRANSLATE_NOOP("CoreError", "cannot start printing");
inline constexpr const char* kFileCancelled = GP_TRANSLATE_NOOP("CoreError", "cancelled: nothing was written");
inline constexpr const char* kFileCannotOpen = GP_TRANSLATE_NOOP("CoreError", "cannot open");
inline constexpr const char* kFileCannotRead = GP_TRANSLATE_NOOP("CoreError", "cannot read");
inline constexpr const char* kFileIsDirectory = GP_TRANSLATE_NOOP("CoreError", "is a directory");
inline constexpr const char* kFileNotRegular = GP_TRANSLATE_NOOP("CoreError", "is not a regular file");
inline constexpr const char* kFileTooLarge = GP_TRANSLATE_NOOP("CoreError", "is larger than 64 MiB");
inline constexpr const char* kFileNoName = GP_TRANSLATE_NOOP("CoreError", "no file name given");
inline constexpr const char* kFileNotAName = GP_TRANSLATE_NOOP("CoreError", "not a file name");
inline constexpr const char* kFileCannotOpenForWriting = GP_TRANSLATE_NOOP("CoreError", "cannot open for writing");
inline constexpr const char* kFileCannotWrite = GP_TRANSLATE_NOOP("CoreError", "cannot write");
inline constexpr const char* kFileCannotFlush = GP_TRANSLATE_NOOP("CoreError", "cannot flush to disk");
inline constexpr const char* kFileCannotReplace = GP_TRANSLATE_NOOP("CoreError", "cannot replace the file");
inline constexpr const char* kFileCannotKeepMode
    = GP_TRANSLATE_NOOP("CoreError", "cannot keep the permissions of the existing file");
// %1: the folder.
inline constexpr const char* kFileCannotCreateTemporary
    = GP_TRANSLATE_NOOP("CoreError", "cannot create a temporary file in %1");

// The system's reason, after what could not be done: the common ones in words of their own (the English is the C
// library's), any other as the C library words it (%1, English).
inline constexpr const char* kReasonNoSpace = GP_TRANSLATE_NOOP("CoreError", ": No space left on device");
inline constexpr const char* kReasonQuota = GP_TRANSLATE_NOOP("CoreError", ": Disk quota exceeded");
inline constexpr const char* kReasonPermission = GP_TRANSLATE_NOOP("CoreError", ": Permission denied");
inline constexpr const char* kReasonNotPermitted = GP_TRANSLATE_NOOP("CoreError", ": Operation not permitted");
inline constexpr const char* kReasonReadOnly = GP_TRANSLATE_NOOP("CoreError", ": Read-only file system");
inline constexpr const char* kReasonNoSuchFile = GP_TRANSLATE_NOOP("CoreError", ": No such file or directory");
inline constexpr const char* kReasonNotDirectory = GP_TRANSLATE_NOOP("CoreError", ": Not a directory");
inline constexpr const char* kReasonIsDirectory = GP_TRANSLATE_NOOP("CoreError", ": Is a directory");
inline constexpr const char* kReasonNameTooLong = GP_TRANSLATE_NOOP("CoreError", ": File name too long");
inline constexpr const char* kReasonFileTooLarge = GP_TRANSLATE_NOOP("CoreError", ": File too large");
inline constexpr const char* kReasonIo = GP_TRANSLATE_NOOP("CoreError", ": Input/output error");
inline constexpr const char* kReasonExists = GP_TRANSLATE_NOOP("CoreError", ": File exists");
inline constexpr const char* kReasonOther = GP_TRANSLATE_NOOP("CoreError", ": %1");

// Every template above, for the window's tests (each has its Chinese).
inline constexpr const char* const kAllFileWords[]
    = { kFileCannotOpen, kFileCannotRead, kFileIsDirectory, kFileNotRegular, kFileTooLarge, kFileNoName, kFileNotAName,
          kFileCannotOpenForWriting, kFileCannotWrite, kFileCannotFlush, kFileCannotReplace, kFileCannotKeepMode,
          kFileCannotCreateTemporary, kCannotStartPrinting, kFileCancelled, kReasonNoSpace, kReasonQuota,
          kReasonPermission, kReasonNotPermitted, kReasonReadOnly, kReasonNoSuchFile, kReasonNotDirectory,
          kReasonIsDirectory, kReasonNameTooLong, kReasonFileTooLarge, kReasonIo, kReasonExists, kReasonOther };

} // namespace words

// The system's reason for `err` (an errno value), worded: ": No space left on device".
Words systemReasonWords(int err);

// An error about the file at `path`: `what` could not be done (a template above, filled with `args`), followed by
// the system's reason where `err` is not 0.
Error fileError(const std::string& path, Words what, int err = 0);

} // namespace gp
