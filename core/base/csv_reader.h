// Minimal RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF, optional UTF-8 byte-order mark.
#pragma once

#include "base/expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace gp::detail
{

using CsvRow = std::vector<std::string>;
// Rows of the document; errors give the line number in `field` ("line 7").
Expected<std::vector<CsvRow>> parseCsv(std::string_view text);

} // namespace gp::detail
