"""A win-rate chart as a self-contained SVG (no plotting library needed)."""

from __future__ import annotations

from html import escape

WIDTH, BAR, GAP, LEFT, TOP = 640, 34, 14, 150, 48


def win_rate_svg(data: dict[str, object]) -> str:
    """Horizontal bars of each seat's win rate with its 95% interval as a whisker."""
    seats: list[dict[str, object]] = data["seats"]  # type: ignore[assignment]
    players = len(seats)
    height = TOP + players * (BAR + GAP) + 40
    span = WIDTH - LEFT - 30

    def x(rate: float) -> float:
        return LEFT + rate * span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}"'
        f' viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="13">',
        '<rect width="100%" height="100%" fill="#fbfaf5"/>',
        f'<text x="{LEFT}" y="24" font-size="15" font-weight="bold">'
        f"{escape(str(data['game']))}: win rate per seat over {data['games']:,} games</text>",
    ]
    fair = 1 / players
    parts.append(
        f'<line x1="{x(fair):.1f}" y1="{TOP - 8}" x2="{x(fair):.1f}" y2="{height - 34}"'
        ' stroke="#999" stroke-dasharray="4 3"/>'
        f'<text x="{x(fair):.1f}" y="{height - 20}" text-anchor="middle" fill="#666">'
        f"fair share {fair:.0%}</text>"
    )
    for i, seat in enumerate(seats):
        y = TOP + i * (BAR + GAP)
        rate = float(seat["win_rate"])  # type: ignore[arg-type]
        low, high = float(seat["win_rate_low"]), float(seat["win_rate_high"])  # type: ignore[arg-type]
        label = f"seat {seat['seat']} ({seat['bot']})"
        parts += [
            f'<text x="{LEFT - 8}" y="{y + BAR / 2 + 5:.1f}" text-anchor="end">'
            f"{escape(label)}</text>",
            f'<rect x="{LEFT}" y="{y}" width="{rate * span:.1f}" height="{BAR}" fill="#7fa650"/>',
            f'<line x1="{x(low):.1f}" y1="{y + BAR / 2}" x2="{x(high):.1f}" y2="{y + BAR / 2}"'
            ' stroke="#333" stroke-width="2"/>',
            f'<text x="{x(high) + 6:.1f}" y="{y + BAR / 2 + 5:.1f}">{rate:.1%}</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts)
