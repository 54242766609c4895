// Runs fuzz_scpi without libFuzzer (GCC builds, CI): well-formed replies of every kind, then
// the same replies truncated, with flipped bits and with inserted bytes, from a fixed seed.
// `fuzz_scpi_replay [count]`.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    const long count = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 20000;
    std::mt19937 rng(20261122);
    std::vector<std::string> seeds{"104.75E+00,105.02E+00,-0.38E+00",
                                   "NAN,INF,-INF,9.91E+37,9.9E+37",
                                   "1,2,3",
                                   ":NUMERIC:NORMAL:VALUE 1.5E+00,nan",
                                   "113,\"Undefined header\"",
                                   "0,\"No error\"",
                                   "YOKOGAWA,WT332,C3TL08017E,F1.03",
                                   ":STATUS:EESR 4097",
                                   "1",
                                   "ON",
                                   "5.000E-01",
                                   "#0abc",
                                   "#9000000004abcd",
                                   "\"unterminated",
                                   "1;2;3\n4\n"};
    std::string block = "#40016";
    for (int i = 0; i < 16; ++i)
        block += static_cast<char>(rng());
    seeds.push_back(block);
    seeds.push_back(":NUM:NORM:VAL " + block + "\r");

    long runs = 0;
    const auto run = [&](std::uint8_t expected, const std::string &reply) {
        std::vector<std::uint8_t> input{expected, static_cast<std::uint8_t>(rng())};
        input.insert(input.end(), reply.begin(), reply.end());
        LLVMFuzzerTestOneInput(input.data(), input.size());
        ++runs;
    };
    for (const std::string &s : seeds) {
        for (int expected = 0; expected <= 5; ++expected)
            run(static_cast<std::uint8_t>(expected), s);
    }
    for (long i = 0; i < count; ++i) {
        std::string s = seeds[rng() % seeds.size()];
        switch (rng() % 4) {
        case 0:
            s.resize(rng() % (s.size() + 1));
            break;
        case 1:
            if (!s.empty())
                s[rng() % s.size()] ^= static_cast<char>(1U << (rng() % 8));
            break;
        case 2:
            s.insert(s.begin() + static_cast<long>(rng() % (s.size() + 1)),
                     static_cast<char>(rng()));
            break;
        default:
            s += seeds[rng() % seeds.size()];
            break;
        }
        run(static_cast<std::uint8_t>(rng() % 8), s);
    }
    std::printf("fuzz_scpi_replay: %ld inputs, no failure\n", runs);
    return 0;
}
