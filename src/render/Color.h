// Color: ANSI colour for the severities of text findings (error red, warning
// magenta, note cyan, the location bold, the caret green), as compilers print
// them; on when stdout is a terminal unless asked otherwise (--color, NO_COLOR).
#pragma once

#include <string>
#include <string_view>

namespace tscope::render {

/// `--color`: auto (a terminal on stdout, NO_COLOR unset or empty, TERM not
/// "dumb"), always, never.
enum class ColorChoice { Auto, Always, Never };

/// Parses "auto", "always", "never".
bool parseColorChoice(std::string_view text, ColorChoice &out);

/// Decides once for the process (what findingText then uses).
void setColor(ColorChoice choice);

/// True when text findings are coloured.
bool colorEnabled();

/// The diagnostic lines of `text` with their severities coloured: a line
/// "LOC: error: MSG" gets LOC bold and "error:" bold red; "  note: ..." its
/// "note:" cyan; a caret line ("   ^~~") green. Other lines are unchanged.
std::string paintDiagnostics(std::string_view text);

} // namespace tscope::render
