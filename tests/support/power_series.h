#pragma once

// Meter updates for the analysis tests: one every 0.1 s ending at first, first + 0.1, ...,
// with the watts f(t, i) gives for the update ending at t, the i-th.

#include <cipherwatt/core/analysis.h>

#include <vector>

namespace cipherwatt::test {

template<typename F>
std::vector<core::PowerSample> updates(double first, int count, F f)
{
    std::vector<core::PowerSample> out;
    for (int i = 0; i < count; ++i) {
        core::PowerSample s;
        s.tSeconds = first + 0.1 * i;
        s.intervalSeconds = 0.1;
        s.watts = f(s.tSeconds, i);
        out.push_back(s);
    }
    return out;
}

} // namespace cipherwatt::test
