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
        label = f"seat {i + 1} ({seat['bot']})"  # seats in order, counted from 1 on screen
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


def rating_svg(data: dict[str, object]) -> str:
    """Each bot's rating as a dot with its 95% interval, best first (an arena leaderboard)."""
    rows: list[dict[str, object]] = data["leaderboard"]  # type: ignore[assignment]
    height = TOP + len(rows) * (BAR + GAP) + 40
    span = WIDTH - LEFT - 60
    lows = [float(r["rating_low"]) for r in rows]  # type: ignore[arg-type]
    highs = [float(r["rating_high"]) for r in rows]  # type: ignore[arg-type]
    lo, hi = min(lows), max(highs)
    lo, hi = lo - 0.05 * (hi - lo + 1), hi + 0.05 * (hi - lo + 1)

    def x(rating: float) -> float:
        return LEFT + (rating - lo) / (hi - lo) * span

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}"'
        f' viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="13">',
        '<rect width="100%" height="100%" fill="#fbfaf5"/>',
        f'<text x="{LEFT}" y="24" font-size="15" font-weight="bold">'
        f"{escape(str(data['game']))}, {data['players']} players: ratings over"
        f" {data['games']:,} games</text>",
    ]
    for i, row in enumerate(rows):
        y = TOP + i * (BAR + GAP) + BAR / 2
        mu = float(row["rating"])  # type: ignore[arg-type]
        parts += [
            f'<text x="{LEFT - 8}" y="{y + 5:.1f}" text-anchor="end">'
            f"{escape(str(row['bot']))}</text>",
            f'<line x1="{x(lows[i]):.1f}" y1="{y}" x2="{x(highs[i]):.1f}" y2="{y}"'
            ' stroke="#333" stroke-width="2"/>',
            f'<circle cx="{x(mu):.1f}" cy="{y}" r="6" fill="#7fa650"/>',
            f'<text x="{x(highs[i]) + 6:.1f}" y="{y + 5:.1f}">{mu:.1f}</text>',
        ]
    parts.append(
        f'<text x="{LEFT}" y="{height - 14}" fill="#666">openskill rating, 95% interval'
        " (mu ± 1.96 sigma)</text>"
    )
    parts.append("</svg>")
    return "\n".join(parts)
