#pragma once

// The Welch-Satterthwaite formula (GUM G.4.1), for the budget of one result
// (analysis_budget.cpp) and for the mean over repeats (repeats.cpp).

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace cipherwatt::core {

// u⁴ / Σ uᵢ⁴ / νᵢ over the (uᵢ, νᵢ) terms with finite degrees of freedom; infinity when none
// has.
inline double effectiveDof(double u, const std::vector<std::pair<double, double>> &terms)
{
    double denominator = 0.0;
    for (const auto &[ui, dof] : terms) {
        if (std::isfinite(dof) && dof > 0.0 && ui > 0.0)
            denominator += std::pow(ui, 4) / dof;
    }
    return denominator > 0.0 ? std::pow(u, 4) / denominator
                             : std::numeric_limits<double>::infinity();
}

} // namespace cipherwatt::core
