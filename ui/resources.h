// Registers the resources compiled into the static gp_ui library (icons) before first use.
#pragma once

namespace gpui
{

// Safe to call more than once.
void initResources();

} // namespace gpui
