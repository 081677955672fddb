// Words the window translates, kept in the Qt-free core as their English text.
#pragma once

// A text marked for translation in `context` and kept as the English text: lupdate reads GP_TRANSLATE_NOOP as
// QT_TRANSLATE_NOOP (ui/CMakeLists.txt), so the window finds the Chinese under the same context and text.
#define GP_TRANSLATE_NOOP(context, text) text
