#!/usr/bin/env python3
"""bench/relgen.py -- puzzles from a generator independent of logigram-gen.

    python3 bench/relgen.py N G SEED [WEIGHTS] > puzzle.lgm

Writes an exactly minimal unique puzzle of G groups of N items (N >= 3,
G >= 3) in the .lgm format, drawn otherwise than logigram-gen draws its
own: relations between people through variables (a difference of houses
or of ages, "next to", "before", a sum of two ages, three people in
order), "either ... or", "if ... then" and "exactly one of" three
couples, and "no" facts; no "yes" fact at all.  Clues are added in
batches of five until logigram counts one solution, then each is dropped
in turn, in a random order, when the others still leave one: no work
limit, so the puzzle is exactly minimal.  WEIGHTS are eight numbers, the
relative weights of the kinds in that order: no, difference, comparison,
sum, order, either, if, exactly (default 2,3,2,1,1,1,1,1).  The same
arguments give the same puzzle.

Its point is a second opinion on the fast engine's speed and robustness
(doc/performance.md, "Puzzles of another generator"): puzzles whose clues
logigram-gen would not have drawn, minimised by a plain count, not within
logigram-gen's work limit.  Needs Python 3 (standard library only) and a
built logigram (LOGIGRAM, default src/logigram); bench/worst.sh solves a
folder of them (WORST_PUZZLES=DIR, files SIZE-sSEED.lgm).
"""
import os
import random
import subprocess
import sys

LOGIGRAM = os.environ.get('LOGIGRAM', 'src/logigram')


def count(text):
    """Solutions of the puzzle text: 0, 1 or 2 (2 or more)."""
    r = subprocess.run([LOGIGRAM, '--engine=fast', '--count',
                        '--max-solutions', '2', '-'],
                       input=text.encode(), capture_output=True)
    if r.returncode != 0:
        sys.exit('relgen.py: logigram failed: ' + r.stderr.decode())
    return int(r.stdout.split()[0])


KINDS = ('no', 'difference', 'comparison', 'sum', 'order', 'either', 'if',
         'exactly')


def main(n, G, seed, weights):
    rnd = random.Random(seed)
    groups = [('house', 'ordered', ['h%d' % i for i in range(1, n + 1)]),
              ('age', 'numeric', sorted(rnd.sample(range(20, 20 + 4 * n), n)))]
    for g in range(2, G):
        prefix = chr(ord('a') + g) if g < 26 else 'z%d_' % g
        groups.append(('g%d' % g, 'atomic',
                       ['%s%d' % (prefix, i) for i in range(n)]))
    # the hidden solution: person p has item sol[g][p] of group g, and
    # lives in house p
    sol = [list(range(n))]
    for g in range(1, G):
        perm = list(range(n))
        rnd.shuffle(perm)
        sol.append(perm)

    def name(g, i):
        return '%s:%s' % (groups[g][0], groups[g][2][i])

    def person(g, i):
        return sol[g].index(i)

    def value(g, i):
        return i if groups[g][1] == 'ordered' else groups[g][2][i]

    def other_group(g):
        return rnd.choice([h for h in range(G) if h != g])

    def others(p, k):
        """k people other than p, in a random order."""
        return rnd.sample([x for x in range(n) if x != p], k)

    def tie(var, g, p):
        return 'yes %s, %s' % (var, name(g, sol[g][p]))

    def draw():
        """One clue true in the hidden solution: its lines."""
        kind = rnd.choices(KINDS, weights)[0]
        g1, i1 = rnd.randrange(G), rnd.randrange(n)
        p = person(g1, i1)
        g2 = other_group(g1)
        wrong = rnd.choice([j for j in range(n) if j != sol[g2][p]])
        if kind == 'no':
            return ['no %s, %s' % (name(g1, i1), name(g2, wrong))]
        if kind == 'either':
            pair = [name(g2, sol[g2][p]), name(g2, wrong)]
            rnd.shuffle(pair)
            return ['yes %s, %s or yes %s, %s'
                    % (name(g1, i1), pair[0], name(g1, i1), pair[1])]
        if kind == 'if':
            g5, i5 = rnd.randrange(G), rnd.randrange(n)
            g6 = other_group(g5)
            return ['if yes %s, %s then yes %s, %s'
                    % (name(g1, i1), name(g2, rnd.randrange(n)),
                       name(g5, i5), name(g6, sol[g6][person(g5, i5)]))]
        if kind == 'exactly':
            # one true couple among three, in a random order
            couples = ['yes %s, %s' % (name(g1, i1), name(g2, sol[g2][p]))]
            for _ in range(2):
                g3, i3 = rnd.randrange(G), rnd.randrange(n)
                g4 = other_group(g3)
                j = rnd.choice([j for j in range(n)
                                if j != sol[g4][person(g3, i3)]])
                couples.append('yes %s, %s' % (name(g3, i3), name(g4, j)))
            rnd.shuffle(couples)
            return ['exactly 1 of (%s)' % '; '.join(couples)]
        # people named by an item of a group other than the variables'
        vg = 1 if kind == 'sum' else rnd.choice([0, 1])
        people = [p] + others(p, 2 if kind == 'order' else 1)
        lines = ['var %s: %s' % (', '.join('abc'[:len(people)]),
                                 groups[vg][0])]
        lines += [tie('abc'[k], other_group(vg), q)
                  for k, q in enumerate(people)]
        v = [value(vg, sol[vg][q]) for q in people]
        if kind == 'order':
            # a, b, c in the order of their values
            order = sorted(range(3), key=lambda k: v[k])
            x, y, z = ('abc'[k] for k in order)
            lines.append('%s < %s and %s < %s' % (x, y, y, z))
        elif kind == 'sum':
            lines.append('a + b = %d' % (v[0] + v[1]))
        elif kind == 'comparison':
            lines.append('a %s b' % ('<' if v[0] < v[1] else '>'))
        elif vg == 0 and abs(v[0] - v[1]) == 1 and rnd.random() < 0.5:
            lines.append('abs(a - b) = 1')
        else:
            lines.append('a - b = %d' % (v[0] - v[1]))
        return lines

    head = ['# A puzzle of bench/relgen.py %d %d %d %s' % (
                n, G, seed, ','.join('%g' % x for x in weights))]
    head += ['%s %s: %s' % (kind, gname, ', '.join(str(x) for x in items))
             for gname, kind, items in groups]

    def text(clues):
        lines = list(head)
        for i, c in enumerate(clues):
            lines.append('clue "c%d"' % (i + 1))
            lines.extend(c)
        return '\n'.join(lines) + '\n'

    clues = []
    while len(clues) % 5 != 0 or count(text(clues)) != 1:
        clues.append(draw())
    keep = [True] * len(clues)
    order = list(range(len(clues)))
    rnd.shuffle(order)
    for i in order:
        keep[i] = False
        if count(text([c for c, k in zip(clues, keep) if k])) != 1:
            keep[i] = True
    sys.stdout.write(text([c for c, k in zip(clues, keep) if k]))


if __name__ == '__main__':
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__.split('\n\n')[1])
    n, G, seed = (int(x) for x in sys.argv[1:4])
    if n < 3 or G < 3:
        sys.exit('relgen.py: N and G are at least 3')
    weights = ([float(x) for x in sys.argv[4].split(',')]
               if len(sys.argv) == 5 else [2, 3, 2, 1, 1, 1, 1, 1])
    if len(weights) != len(KINDS):
        sys.exit('relgen.py: WEIGHTS are %d numbers' % len(KINDS))
    main(n, G, seed, weights)
