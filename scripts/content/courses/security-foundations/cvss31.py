"""CVSS v3.1 base score, exactly as the FIRST specification (section 7) computes it: the reference for the
course's figures and for the lab's awk calculator."""
import math
import sys

WEIGHTS = {
    'AV': {'N': 0.85, 'A': 0.62, 'L': 0.55, 'P': 0.2},
    'AC': {'L': 0.77, 'H': 0.44},
    'UI': {'N': 0.85, 'R': 0.62},
    'CIA': {'H': 0.56, 'L': 0.22, 'N': 0.0},
}
PR = {'U': {'N': 0.85, 'L': 0.62, 'H': 0.27}, 'C': {'N': 0.85, 'L': 0.68, 'H': 0.5}}


def roundup(value: float) -> float:
    """Appendix A of the 3.1 specification: the smallest one-decimal number >= value, free of float noise."""
    integer = round(value * 100000)
    if integer % 10000 == 0:
        return integer / 100000.0
    return (math.floor(integer / 10000) + 1) / 10.0


def base_score(vector: str) -> tuple[float, float, float]:
    metrics = dict(part.split(':') for part in vector.removeprefix('CVSS:3.1/').split('/'))
    scope = metrics['S']
    iss = 1 - math.prod(1 - WEIGHTS['CIA'][metrics[m]] for m in 'CIA')
    if scope == 'U':
        impact = 6.42 * iss
    else:
        impact = 7.52 * (iss - 0.029) - 3.25 * (iss - 0.02) ** 15
    exploitability = 8.22 * WEIGHTS['AV'][metrics['AV']] * WEIGHTS['AC'][metrics['AC']] * PR[scope][metrics['PR']] * WEIGHTS['UI'][metrics['UI']]
    if impact <= 0:
        return 0.0, impact, exploitability
    total = impact + exploitability if scope == 'U' else 1.08 * (impact + exploitability)
    return roundup(min(total, 10)), impact, exploitability


if __name__ == '__main__':
    for vector in sys.argv[1:]:
        score, impact, exploitability = base_score(vector)
        print(f'{score:.1f}  impact={impact:.4f} exploitability={exploitability:.4f}  {vector}')
