// bot_cxx_init.cpp - the C++ half of bot_cxx (see bot_cxx.c): static
// initialisers that run when the plugin is loaded (iostream, a locale, a
// map), as a C++ bot's would. They must run under the sandbox's load-time
// rules, before its allowlist, and the bot must then play.
#include <iostream>
#include <locale>
#include <map>
#include <string>

namespace {
std::map<std::string, int> facts = {{"loaded", 1}};

struct at_load {
    at_load()
    {
        std::cout << "bot_cxx: loaded" << std::endl;   // to /dev/null when sandboxed
        facts["locale"] = std::locale::classic().name() == "C";
    }
} the_init;
}

extern "C" int bot_cxx_ready(void)
{
    return facts.count("loaded") == 1 && facts["locale"] == 1;
}
