"""Shared by the scripts that write name lists as TypeScript text (thai-names.py, us-surnames.py)."""


def wrap(names, width=110):
    """Names joined by spaces into lines of at most `width` characters, ending in a newline."""
    lines, line = [], ''
    for n in names:
        if line and len(line) + 1 + len(n) > width:
            lines.append(line)
            line = n
        else:
            line = f'{line} {n}' if line else n
    return '\n'.join(lines + [line]) + '\n'
