// Runs the fuzz target without libFuzzer (GCC builds, CI): every length 0..300 and around 4096
// for every cipher, then pseudo-random inputs from a fixed seed. `fuzz_lengths_replay [count]`.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

int main(int argc, char **argv)
{
    const long count = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 20000;
    std::mt19937 rng(20261121);
    std::vector<std::uint8_t> input;
    auto run = [&](std::uint8_t cipher, std::size_t length, std::size_t extra) {
        input.assign(3 + extra, 0);
        input[0] = cipher;
        input[1] = static_cast<std::uint8_t>(length >> 8);
        input[2] = static_cast<std::uint8_t>(length);
        for (std::size_t i = 3; i < input.size(); ++i)
            input[i] = static_cast<std::uint8_t>(rng());
        LLVMFuzzerTestOneInput(input.data(), input.size());
    };
    long runs = 0;
    for (std::uint8_t cipher = 0; cipher < 9; ++cipher) {
        for (std::size_t length = 0; length <= 300; ++length, ++runs)
            run(cipher, length, 64);
        for (std::size_t length = 4080; length <= 4112; ++length, ++runs)
            run(cipher, length, 64);
    }
    for (long i = 0; i < count; ++i, ++runs)
        run(static_cast<std::uint8_t>(rng()), rng() % 5000, rng() % 200);
    std::printf("fuzz_lengths_replay: %ld inputs, no failure\n", runs);
    return 0;
}
