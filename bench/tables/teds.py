"""TEDS (tree edit distance based similarity, Zhong et al. 2020) between two tables.

A table is a list of rows of cell texts; a cell spanning rows or columns holds its text in its
top-left slot and the slots it covers are empty strings (the form Ingest's `rows` and its Office
readers give). The tree is table → tr → td, a td's label its text; renaming a td costs the
normalised Levenshtein distance of the two texts, inserting or deleting any node costs 1.
TEDS = 1 − distance / max(nodes). Tree edit distance by Zhang & Shasha (1989).
"""
import unicodedata


def norm(text):
    return " ".join(unicodedata.normalize("NFC", text).split())


def levenshtein(a, b):
    if a == b:
        return 0
    if not a or not b:
        return max(len(a), len(b))
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


class Node:
    def __init__(self, tag, text="", children=()):
        self.tag, self.text, self.children = tag, text, list(children)


def tree(rows):
    return Node("table", children=[Node("tr", children=[Node("td", norm(c)) for c in row]) for row in rows])


def postorder(root):
    nodes, lmd = [], []

    def walk(n):
        first = None
        for c in n.children:
            k = walk(c)
            if first is None:
                first = k
        nodes.append(n)
        lmd.append(first if first is not None else len(nodes) - 1)
        return lmd[-1]
    walk(root)
    return nodes, lmd


def rename(a, b):
    if a.tag != b.tag:
        return 1.0
    if a.tag != "td":
        return 0.0
    if a.text == b.text:
        return 0.0
    return levenshtein(a.text, b.text) / max(len(a.text), len(b.text), 1)


def distance(t1, t2):
    n1, l1 = postorder(t1)
    n2, l2 = postorder(t2)
    def keyroots(l):
        seen, out = set(), []
        for i in range(len(l) - 1, -1, -1):
            if l[i] not in seen:
                seen.add(l[i]); out.append(i)
        return sorted(out)
    td = [[0.0] * len(n2) for _ in n1]
    for i in keyroots(l1):
        for j in keyroots(l2):
            li, lj = l1[i], l2[j]
            fd = [[0.0] * (j - lj + 2) for _ in range(i - li + 2)]
            for x in range(1, i - li + 2):
                fd[x][0] = fd[x - 1][0] + 1
            for y in range(1, j - lj + 2):
                fd[0][y] = fd[0][y - 1] + 1
            for x in range(1, i - li + 2):
                for y in range(1, j - lj + 2):
                    a, b = li + x - 1, lj + y - 1
                    if l1[a] == li and l2[b] == lj:
                        fd[x][y] = min(fd[x - 1][y] + 1, fd[x][y - 1] + 1, fd[x - 1][y - 1] + rename(n1[a], n2[b]))
                        td[a][b] = fd[x][y]
                    else:
                        fd[x][y] = min(fd[x - 1][y] + 1, fd[x][y - 1] + 1,
                                       fd[l1[a] - li][l2[b] - lj] + td[a][b])
    return td[-1][-1], len(n1), len(n2)


def teds(predicted, truth):
    if not predicted:
        return 0.0
    d, a, b = distance(tree(predicted), tree(truth))
    return 1.0 - d / max(a, b)


if __name__ == "__main__":
    t = [["a", "b"], ["c", "d"]]
    assert teds(t, t) == 1.0
    assert abs(teds([["a", "b"]], t) - (1 - 3 / 7)) < 1e-9, teds([["a", "b"]], t)
    assert teds([["a", "x"], ["c", "d"]], t) == 1 - 1 / 7
    print("ok")
