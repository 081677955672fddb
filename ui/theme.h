// Light and dark palettes for the whole application (View > Theme).
#pragma once

#include <QString>

namespace gpui
{

// Applies "light", "dark" or "system" (the palette the program started with) to the application.
void applyTheme(const QString& theme);
// True when the application's current palette is dark (window colour darker than its text).
bool isDarkPalette();

} // namespace gpui
