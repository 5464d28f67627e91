/* gen — see gen.h: the puzzle generator of logigram-gen. */
#include "gen.h"

#include <string.h>

#include "constraint.h"
#include "parser.h"
#include "permut.h"
#include "progress.h"

/* clang-format off */
G_DEFINE_QUARK (lg-gen-error-quark, lg_gen_error)
/* clang-format on */

/* ---- Themes -------------------------------------------------------------
 *
 * A theme is a group the generator can declare: its name, kind and items
 * (numeric themes draw distinct values in low..high), and the English of
 * its clues.  In the templates {I} is an item, {X} and {Y} the people the
 * clue is about (a subject phrase of their own groups), {N} a number, {A}
 * and {B} items of the value group. */

typedef struct
{
  const char *name;
  LgGroupKind kind;
  const char *items[LG_GEN_MAX_ITEMS]; /* atomic and ordered */
  gint64 low, high;                    /* numeric */
  const char *note;                    /* comment after the declaration */
  const char *subject, *predicate, *negative;
  /* ordered and numeric themes */
  const char *diff1, *diffn, *less, *more, *apart1, *apartn;
  const char *not_next;            /* ordered */
  const char *not_less, *not_more; /* numeric */
  const char *sum, *one_of, *either;
  const char *ends; /* ONE_OF of the first and the last item, or NULL */
  /* yes and no with a house ({A}), when better than the predicate */
  const char *house_yes, *house_no;
} Theme;

/* Group 0 of every puzzle. */
static const Theme house_theme = {
  .name = "house",
  .kind = LG_GROUP_ORDERED,
  .items = { "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth",
             "fourteenth", "fifteenth", "sixteenth" },
  .note = "in a row, the first on the left",
  .subject = "the one in the {I} house",
  .predicate = "lives in the {I} house",
  .negative = "does not live in the {I} house",
  .diff1 = "{X} lives just to the right of {Y}",
  .diffn = "{X} lives {N} houses to the right of {Y}",
  .less = "{X} lives somewhere to the left of {Y}",
  .more = "{X} lives somewhere to the right of {Y}",
  .apart1 = "{X} lives next to {Y}",
  .apartn = "{X} and {Y} live {N} houses apart",
  .not_next = "{X} does not live next to {Y}",
  .sum = "the house numbers of {X} and {Y} add up to {N} (the first house "
         "is number 1)",
  .one_of = "{X} lives in the {A} or the {B} house",
  .either = "either {X} or {Y} lives in the {A} house",
  .ends = "{X} lives in one of the two end houses",
};

/* An atomic theme: no relation, so only the first fields. */
#define ATOMIC(NAME, NOTE, SUBJECT, PREDICATE, NEGATIVE, ...)                  \
  {                                                                            \
    .name = NAME, .kind = LG_GROUP_ATOMIC, .items = { __VA_ARGS__ },           \
    .note = NOTE, .subject = SUBJECT, .predicate = PREDICATE,                  \
    .negative = NEGATIVE                                                       \
  }

static const Theme atomic_themes[] = {
  ATOMIC ("name", NULL, "{I}", "is called {I}", "is not called {I}", "Alice",
          "Bob", "Carol", "David", "Emma", "Frank", "Grace", "Henry", "Irene",
          "Jack", "Karen", "Leo", "Mia", "Noah", "Olga", "Paul"),
  ATOMIC ("nationality", NULL, "the {I}", "is {I}", "is not {I}", "Italian",
          "Greek", "German", "Norwegian", "Brazilian", "Canadian", "Mexican",
          "Egyptian", "Russian", "Peruvian", "Spanish", "Swedish", "Irish",
          "Polish", "Chinese", "Kenyan"),
  {
      .name = "color",
      .kind = LG_GROUP_ATOMIC,
      .items = { "red", "green", "blue", "yellow", "white", "black", "orange",
                 "purple", "pink", "grey", "brown", "beige", "navy", "ivory",
                 "teal", "gold" },
      .note = "of the house",
      .subject = "the one in the {I} house",
      .predicate = "lives in the {I} house",
      .negative = "does not live in the {I} house",
      .house_yes = "the {A} house is {I}",
      .house_no = "the {A} house is not {I}",
  },
  ATOMIC ("pet", NULL, "the {I} owner", "keeps the {I}",
          "does not keep the {I}", "cat", "dog", "fish", "bird", "horse",
          "rabbit", "snake", "turtle", "hamster", "parrot", "goat", "mouse",
          "lizard", "ferret", "pony", "duck"),
  ATOMIC ("drink", NULL, "the {I} drinker", "drinks {I}", "does not drink {I}",
          "tea", "coffee", "milk", "water", "juice", "beer", "wine", "cocoa",
          "lemonade", "soda", "cider", "smoothie", "kombucha", "punch", "chai",
          "lassi"),
  ATOMIC ("sport", NULL, "the {I} player", "plays {I}", "does not play {I}",
          "tennis", "golf", "chess", "hockey", "rugby", "cricket", "squash",
          "polo", "darts", "bowling", "judo", "fencing", "karate", "rowing",
          "sailing", "archery"),
  ATOMIC ("car", NULL, "the {I} driver", "drives a {I}", "does not drive a {I}",
          "Ford", "Fiat", "Volvo", "Honda", "Toyota", "Renault", "Mazda",
          "Skoda", "Tesla", "Jeep", "Audi", "Kia", "Saab", "Lada", "Opel",
          "Seat"),
  ATOMIC ("instrument", NULL, "the {I} player", "plays the {I}",
          "does not play the {I}", "piano", "violin", "guitar", "flute",
          "drums", "cello", "harp", "trumpet", "banjo", "oboe", "sitar", "tuba",
          "bassoon", "ukulele", "accordion", "clarinet"),
  ATOMIC ("job", NULL, "the {I}", "is the {I}", "is not the {I}", "baker",
          "doctor", "farmer", "lawyer", "nurse", "pilot", "painter", "teacher",
          "writer", "tailor", "chef", "miner", "judge", "barber", "plumber",
          "dentist"),
  ATOMIC ("city", "where they come from", "the one from {I}", "comes from {I}",
          "does not come from {I}", "Paris", "Rome", "Oslo", "Lima", "Cairo",
          "Tokyo", "Berlin", "Dublin", "Madrid", "Vienna", "Athens", "Prague",
          "Lisbon", "Warsaw", "Seoul", "Quito"),
};

/* Drawn only when a puzzle needs more atomic groups than atomic_themes has
 * (from 14 groups on), in this order: the puzzles of fewer groups stay the
 * same. */
static const Theme extra_atomic_themes[] = {
  ATOMIC ("fruit", "their favourite", "the {I} lover", "likes {I} best",
          "does not like {I} best", "apple", "pear", "plum", "cherry", "lemon",
          "mango", "kiwi", "peach", "banana", "grape", "melon", "fig", "lime",
          "papaya", "guava", "apricot"),
  ATOMIC ("flower", "in their garden", "the one who grows {I}", "grows {I}",
          "does not grow {I}", "roses", "tulips", "lilies", "daisies",
          "orchids", "irises", "poppies", "asters", "peonies", "dahlias",
          "pansies", "lupins", "crocuses", "freesias", "begonias", "zinnias"),
  ATOMIC ("hobby", NULL, "the one who enjoys {I}", "enjoys {I}",
          "does not enjoy {I}", "knitting", "hiking", "fishing", "cooking",
          "reading", "gardening", "pottery", "sudoku", "birding", "juggling",
          "origami", "baking", "camping", "climbing", "dancing", "singing"),
};

static const Theme ordered_themes[] = {
  {
      .name = "month",
      .kind = LG_GROUP_ORDERED,
      .items = { "January", "February", "March", "April", "May", "June", "July",
                 "August", "September", "October", "November", "December" },
      .note = "of birth, all in one year",
      .subject = "the one born in {I}",
      .predicate = "was born in {I}",
      .negative = "was not born in {I}",
      .diff1 = "{X} was born one month after {Y}",
      .diffn = "{X} was born {N} months after {Y}",
      .less = "{X} was born earlier in the year than {Y}",
      .more = "{X} was born later in the year than {Y}",
      .apart1 = "{X} and {Y} were born in consecutive months",
      .apartn = "{X} and {Y} were born {N} months apart",
      .not_next = "{X} and {Y} were not born in consecutive months",
      .sum = "the month numbers of the birthdays of {X} and {Y} add up to "
             "{N} (January is 1)",
      .one_of = "{X} was born in {A} or in {B}",
      .either = "either {X} or {Y} was born in {A}",
  },
  {
      .name = "place",
      .kind = LG_GROUP_ORDERED,
      .items = { "first", "second", "third", "fourth", "fifth", "sixth",
                 "seventh", "eighth", "ninth", "tenth", "eleventh", "twelfth",
                 "thirteenth", "fourteenth", "fifteenth", "sixteenth" },
      .note = "in a race",
      .subject = "the one who finished {I}",
      .predicate = "finished {I}",
      .negative = "did not finish {I}",
      .diff1 = "{X} finished just behind {Y}",
      .diffn = "{X} finished {N} places behind {Y}",
      .less = "{X} finished ahead of {Y}",
      .more = "{X} finished behind {Y}",
      .apart1 = "{X} and {Y} finished in consecutive places",
      .apartn = "{X} and {Y} finished {N} places apart",
      .not_next = "{X} and {Y} did not finish in consecutive places",
      .sum = "the places of {X} and {Y} add up to {N} (first place counts "
             "as 1)",
      .one_of = "{X} finished {A} or {B}",
      .either = "either {X} or {Y} finished {A}",
  },
};

/* age and year are never drawn together (see draw_groups). */
enum
{
  THEME_AGE,
  THEME_YEAR,
  THEME_HEIGHT,
  THEME_SCORE,
  N_NUMERIC_THEMES
};
static const Theme numeric_themes[N_NUMERIC_THEMES] = {
  [THEME_AGE] = {
      .name = "age",
      .kind = LG_GROUP_NUMERIC,
      .low = 18,
      .high = 80,
      .note = "in years",
      .subject = "the {I}-year-old",
      .predicate = "is {I} years old",
      .negative = "is not {I} years old",
      .diff1 = "{X} is one year older than {Y}",
      .diffn = "{X} is {N} years older than {Y}",
      .less = "{X} is younger than {Y}",
      .more = "{X} is older than {Y}",
      .apart1 = "{X} and {Y} are one year apart in age",
      .apartn = "{X} and {Y} are {N} years apart in age",
      .not_less = "{X} is not younger than {Y}",
      .not_more = "{X} is not older than {Y}",
      .sum = "the ages of {X} and {Y} add up to {N}",
      .one_of = "{X} is {A} or {B} years old",
      .either = "either {X} or {Y} is {A} years old",
  },
  [THEME_YEAR] = {
      .name = "year",
      .kind = LG_GROUP_NUMERIC,
      .low = 1950,
      .high = 2009,
      .note = "of birth",
      .subject = "the one born in {I}",
      .predicate = "was born in {I}",
      .negative = "was not born in {I}",
      .diff1 = "{X} was born one year after {Y}",
      .diffn = "{X} was born {N} years after {Y}",
      .less = "{X} was born before {Y}",
      .more = "{X} was born after {Y}",
      .apart1 = "{X} and {Y} were born one year apart",
      .apartn = "{X} and {Y} were born {N} years apart",
      .not_less = "{X} was not born before {Y}",
      .not_more = "{X} was not born after {Y}",
      .one_of = "{X} was born in {A} or in {B}",
      .either = "either {X} or {Y} was born in {A}",
  },
  [THEME_HEIGHT] = {
      .name = "height",
      .kind = LG_GROUP_NUMERIC,
      .low = 150,
      .high = 199,
      .note = "in cm",
      .subject = "the one who is {I} cm tall",
      .predicate = "is {I} cm tall",
      .negative = "is not {I} cm tall",
      .diff1 = "{X} is 1 cm taller than {Y}",
      .diffn = "{X} is {N} cm taller than {Y}",
      .less = "{X} is shorter than {Y}",
      .more = "{X} is taller than {Y}",
      .apart1 = "the heights of {X} and {Y} differ by 1 cm",
      .apartn = "the heights of {X} and {Y} differ by {N} cm",
      .not_less = "{X} is not shorter than {Y}",
      .not_more = "{X} is not taller than {Y}",
      .sum = "the heights of {X} and {Y} add up to {N} cm",
      .one_of = "{X} is {A} or {B} cm tall",
      .either = "either {X} or {Y} is {A} cm tall",
  },
  [THEME_SCORE] = {
      .name = "score",
      .kind = LG_GROUP_NUMERIC,
      .low = 10,
      .high = 99,
      .note = "in a quiz, in points",
      .subject = "the one who scored {I} points",
      .predicate = "scored {I} points",
      .negative = "did not score {I} points",
      .diff1 = "{X} scored one point more than {Y}",
      .diffn = "{X} scored {N} points more than {Y}",
      .less = "{X} scored fewer points than {Y}",
      .more = "{X} scored more points than {Y}",
      .apart1 = "the scores of {X} and {Y} differ by one point",
      .apartn = "the scores of {X} and {Y} differ by {N} points",
      .not_less = "{X} did not score fewer points than {Y}",
      .not_more = "{X} did not score more points than {Y}",
      .sum = "{X} and {Y} scored {N} points between them",
      .one_of = "{X} scored {A} or {B} points",
      .either = "either {X} or {Y} scored {A} points",
  },
};

static const char *const number_words[] = {
  "zero",   "one",      "two",      "three",   "four",   "five",
  "six",    "seven",    "eight",    "nine",    "ten",    "eleven",
  "twelve", "thirteen", "fourteen", "fifteen", "sixteen"
};
G_STATIC_ASSERT (G_N_ELEMENTS (number_words) == LG_GEN_MAX_ITEMS + 1);

/* The weights of the kinds when a clue is drawn at random: the relations
 * make the puzzle interesting, yes and no keep it within reach.  The kinds
 * of logic over couples weigh only with --logic, so that the puzzles
 * without it stay the same bytes. */
static const guint kind_weights[LG_GEN_N_CLUE_KINDS] = {
  [LG_GEN_CLUE_YES] = 10,   [LG_GEN_CLUE_NO] = 14,    [LG_GEN_CLUE_DIFF] = 10,
  [LG_GEN_CLUE_APART] = 10, [LG_GEN_CLUE_ORDER] = 12, [LG_GEN_CLUE_SUM] = 5,
  [LG_GEN_CLUE_ONE_OF] = 8, [LG_GEN_CLUE_EITHER] = 8, [LG_GEN_CLUE_NOT] = 8,
};
static const guint logic_weights[LG_GEN_N_CLUE_KINDS] = {
  [LG_GEN_CLUE_OR] = 8,
  [LG_GEN_CLUE_IF] = 6,
  [LG_GEN_CLUE_EXACTLY] = 6,
  [LG_GEN_CLUE_IN_ORDER] = 6,
};

/* Is the kind one of the logic over couples (one rule, no variable)? */
static gboolean
is_logic_kind (LgGenClueKind kind)
{
  return kind >= LG_GEN_CLUE_OR;
}

/* ---- The generator ------------------------------------------------------ */

struct _LgGen
{
  LgGenOptions opt;
  guint n, n_groups;
  uint64_t rng;
  const Theme *theme[LG_GEN_MAX_GROUPS];
  char *item[LG_GEN_MAX_GROUPS][LG_GEN_MAX_ITEMS];    /* names as written */
  gint64 value[LG_GEN_MAX_GROUPS][LG_GEN_MAX_ITEMS];  /* ordered, numeric */
  gboolean bare[LG_GEN_MAX_GROUPS][LG_GEN_MAX_ITEMS]; /* unique name */
  guint hidden[LG_GEN_MAX_GROUPS * LG_GEN_MAX_ITEMS];
  guint value_groups[LG_GEN_MAX_GROUPS]; /* ordered and numeric groups */
  guint n_value_groups;

  GArray *clues;       /* LgGenClue, in the order written */
  guint false_clue;    /* its number from 1, 0: none */
  guint64 n_solutions; /* of the file written */
  guint64 n_true;      /* of the true clues alone */
  gboolean done;

  /* The distinct solutions of the last count (at most its limit). */
  GArray *found; /* guint, n_groups * n per solution */
  guint n_found;

  guint64 n_solves;
  double solve_seconds;
  gboolean unsettled; /* the last count stopped at opt.work_limit */
  guint64 last_nodes; /* the nodes the last count explored */
  guint64 nodes;      /* the nodes of all the counts */
  guint64 n_unsettled;
  guint n_untested;     /* clues minimise kept because it was unsettled */
  /* the numbers (from 1) of the clues minimise kept for logigram's search
   * (TRIED_SLOW) */
  GArray *slow;
  LgProgress *progress; /* options.progress's line, or NULL */
  /* the fast engine's weights, from each solver call to the next: the
   * problems differ by a clue or two and fail on the same lines */
  LgSearchWeights *weights;

  /* add_clues's known alternatives are all the other solutions of the
   * clues (see enumerate_alternatives) */
  gboolean alts_complete;
  guint misses;           /* clues in a row that removed no solution */
  guint next_enumeration; /* misses that call enumerate_alternatives */
};

void
lg_gen_options_init (LgGenOptions *options)
{
  *options = (LgGenOptions) { .n_items = 5,
                              .n_groups = 5,
                              .seed = 1,
                              .max_solutions = 1,
                              .engine = LG_ENGINE_FAST,
                              .work_limit = LG_GEN_WORK_LIMIT };
}

/* splitmix64 (Steele, Lea, Flood 2014): a fixed sequence everywhere. */
static uint64_t
rand_next (LgGen *gen)
{
  uint64_t z = (gen->rng += UINT64_C (0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Uniform in 0 .. bound-1 (bound > 0), without modulo bias. */
static guint
rand_below (LgGen *gen, guint bound)
{
  uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  uint64_t x;
  do
    x = rand_next (gen);
  while (x >= limit);
  return (guint) (x % bound);
}

static void
shuffle (LgGen *gen, guint *a, guint len)
{
  for (guint i = len; i > 1; i--)
    {
      guint j = rand_below (gen, i);
      guint t = a[i - 1];
      a[i - 1] = a[j];
      a[j] = t;
    }
}

static int
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;
  return (x > y) - (x < y);
}

/* Group 0 is the houses; then a few numeric groups (at least one from 3
 * groups on), sometimes another ordered group, and atomic groups, in a
 * random order. */
static void
draw_groups (LgGen *gen)
{
  guint rest = gen->n_groups - 1;
  guint n_ordered = rest >= 4 ? rand_below (gen, 2) + (rest >= 8) : 0;
  guint n_numeric = 0;
  if (rest == 1)
    n_numeric = rand_below (gen, 3) == 0;
  else
    n_numeric = 1 + rand_below (gen, MIN (3, rest / 2));
  /* the ordered themes with n items (from 13 items on, not the months) */
  guint n_long = 0;
  for (guint i = 0; i < G_N_ELEMENTS (ordered_themes); i++)
    n_long += ordered_themes[i].items[gen->n - 1] != NULL;
  n_ordered = MIN (n_ordered, n_long);
  guint n_atomic = rest - n_ordered - n_numeric;
  g_assert (n_atomic <=
            G_N_ELEMENTS (atomic_themes) + G_N_ELEMENTS (extra_atomic_themes));

  const Theme *chosen[LG_GEN_MAX_GROUPS];
  guint n_chosen = 0;
  guint pick[G_N_ELEMENTS (atomic_themes)];
  for (guint i = 0; i < G_N_ELEMENTS (atomic_themes); i++)
    pick[i] = i;
  shuffle (gen, pick, G_N_ELEMENTS (atomic_themes));
  for (guint i = 0; i < n_atomic; i++)
    chosen[n_chosen++] =
        i < G_N_ELEMENTS (atomic_themes)
            ? &atomic_themes[pick[i]]
            : &extra_atomic_themes[i - G_N_ELEMENTS (atomic_themes)];
  for (guint i = 0; i < G_N_ELEMENTS (ordered_themes); i++)
    pick[i] = i;
  shuffle (gen, pick, G_N_ELEMENTS (ordered_themes));
  for (guint i = 0, k = 0; k < n_ordered; i++)
    if (ordered_themes[pick[i]].items[gen->n - 1])
      {
        chosen[n_chosen++] = &ordered_themes[pick[i]];
        k++;
      }
  /* age or year (a birth year and an age would give each other away),
   * then height and score */
  guint numeric[3] = { rand_below (gen, 2) ? THEME_YEAR : THEME_AGE,
                       THEME_HEIGHT, THEME_SCORE };
  shuffle (gen, numeric, 3);
  for (guint i = 0; i < n_numeric; i++)
    chosen[n_chosen++] = &numeric_themes[numeric[i]];

  guint order[LG_GEN_MAX_GROUPS];
  for (guint i = 0; i < n_chosen; i++)
    order[i] = i;
  shuffle (gen, order, n_chosen);
  gen->theme[0] = &house_theme;
  for (guint i = 0; i < n_chosen; i++)
    gen->theme[i + 1] = chosen[order[i]];
}

static void
draw_items (LgGen *gen)
{
  guint n = gen->n;
  for (guint g = 0; g < gen->n_groups; g++)
    {
      const Theme *t = gen->theme[g];
      switch (t->kind)
        {
        case LG_GROUP_ORDERED:
          for (guint i = 0; i < n; i++)
            {
              gen->item[g][i] = g_strdup (t->items[i]);
              gen->value[g][i] = i;
            }
          break;
        case LG_GROUP_ATOMIC:
          {
            /* n of the first ten (up to ten items: the puzzles of the
             * versions that had ten items a theme), else of the sixteen,
             * in the theme's order */
            guint pool = n <= 10 ? 10 : LG_GEN_MAX_ITEMS;
            guint pick[LG_GEN_MAX_ITEMS];
            for (guint i = 0; i < pool; i++)
              pick[i] = i;
            shuffle (gen, pick, pool);
            gboolean take[LG_GEN_MAX_ITEMS] = { FALSE };
            for (guint i = 0; i < n; i++)
              take[pick[i]] = TRUE;
            guint k = 0;
            for (guint i = 0; i < pool; i++)
              if (take[i])
                gen->item[g][k++] = g_strdup (t->items[i]);
            break;
          }
        case LG_GROUP_NUMERIC:
          {
            guint span = (guint) (t->high - t->low + 1);
            gint64 v[LG_GEN_MAX_ITEMS];
            for (guint i = 0; i < n; i++)
              {
                gboolean again;
                do
                  {
                    v[i] = t->low + rand_below (gen, span);
                    again = FALSE;
                    for (guint j = 0; j < i; j++)
                      again |= v[j] == v[i];
                  }
                while (again);
              }
            qsort (v, n, sizeof v[0], compare_gint64);
            for (guint i = 0; i < n; i++)
              {
                gen->value[g][i] = v[i];
                gen->item[g][i] = g_strdup_printf ("%" G_GINT64_FORMAT, v[i]);
              }
            break;
          }
        }
      if (t->kind != LG_GROUP_ATOMIC)
        gen->value_groups[gen->n_value_groups++] = g;
    }
  /* An atomic item is written bare when no other group has its name. */
  for (guint g = 0; g < gen->n_groups; g++)
    for (guint i = 0; i < n; i++)
      {
        gboolean unique = gen->theme[g]->kind == LG_GROUP_ATOMIC;
        for (guint h = 0; unique && h < gen->n_groups; h++)
          for (guint j = 0; unique && j < n; j++)
            if ((h != g || j != i) &&
                strcmp (gen->item[g][i], gen->item[h][j]) == 0)
              unique = FALSE;
        gen->bare[g][i] = unique;
      }
}

LgGen *
lg_gen_new (const LgGenOptions *options)
{
  g_return_val_if_fail (options->n_items >= LG_GEN_MIN_ITEMS &&
                            options->n_items <= LG_GEN_MAX_ITEMS,
                        NULL);
  g_return_val_if_fail (options->n_groups >= LG_GEN_MIN_GROUPS &&
                            options->n_groups <= LG_GEN_MAX_GROUPS,
                        NULL);
  g_return_val_if_fail (options->max_solutions >= 1 &&
                            options->max_solutions <= LG_GEN_MAX_SOLUTIONS,
                        NULL);
  LgGen *gen = g_new0 (LgGen, 1);
  gen->opt = *options;
  if (options->progress)
    gen->progress =
        lg_progress_new (options->progress, options->progress_delay_ms);
  gen->n = options->n_items;
  gen->n_groups = options->n_groups;
  gen->rng = options->seed;
  gen->clues = g_array_new (FALSE, FALSE, sizeof (LgGenClue));
  gen->found = g_array_new (FALSE, FALSE, sizeof (guint));
  gen->slow = g_array_new (FALSE, FALSE, sizeof (guint));
  gen->weights = lg_search_weights_new ();
  draw_groups (gen);
  draw_items (gen);
  guint n = gen->n;
  for (guint r = 0; r < n; r++)
    gen->hidden[r] = r;
  for (guint g = 1; g < gen->n_groups; g++)
    {
      for (guint r = 0; r < n; r++)
        gen->hidden[g * n + r] = r;
      shuffle (gen, &gen->hidden[g * n], n);
    }
  return gen;
}

void
lg_gen_free (LgGen *gen)
{
  if (!gen)
    return;
  for (guint g = 0; g < gen->n_groups; g++)
    for (guint i = 0; i < gen->n; i++)
      g_free (gen->item[g][i]);
  g_array_unref (gen->clues);
  g_array_unref (gen->found);
  g_array_unref (gen->slow);
  lg_progress_free (gen->progress);
  lg_search_weights_free (gen->weights);
  g_free (gen);
}

guint
lg_gen_dimension (LgGen *gen)
{
  return gen->n;
}

guint
lg_gen_n_groups (LgGen *gen)
{
  return gen->n_groups;
}

const guint *
lg_gen_hidden (LgGen *gen)
{
  return gen->hidden;
}

guint64
lg_gen_n_solutions (LgGen *gen)
{
  return gen->n_solutions;
}

guint
lg_gen_n_clues (LgGen *gen)
{
  return gen->clues->len;
}

const LgGenClue *
lg_gen_get_clue (LgGen *gen, guint index)
{
  g_return_val_if_fail (index < gen->clues->len, NULL);
  return &g_array_index (gen->clues, LgGenClue, index);
}

guint
lg_gen_false_clue (LgGen *gen)
{
  return gen->false_clue;
}

void
lg_gen_get_work (LgGen *gen, guint64 *n_solves, double *seconds,
                 guint64 *n_unsettled)
{
  if (n_solves)
    *n_solves = gen->n_solves;
  if (seconds)
    *seconds = gen->solve_seconds;
  if (n_unsettled)
    *n_unsettled = gen->n_unsettled;
}

guint64
lg_gen_get_nodes (LgGen *gen)
{
  return gen->nodes;
}

const char *
lg_gen_clue_kind_name (LgGenClueKind kind)
{
  static const char *const names[LG_GEN_N_CLUE_KINDS] = {
    "yes",    "no",  "diff", "apart",   "order",   "sum",          "one-of",
    "either", "not", "or",   "if-then", "exactly", "in-some-order"
  };
  g_return_val_if_fail (kind < LG_GEN_N_CLUE_KINDS, NULL);
  return names[kind];
}

guint
lg_gen_clue_n_rules (const LgGenClue *clue)
{
  switch (clue->kind)
    {
    case LG_GEN_CLUE_YES:
    case LG_GEN_CLUE_NO:
    case LG_GEN_CLUE_OR:
    case LG_GEN_CLUE_IF:
    case LG_GEN_CLUE_EXACTLY:
    case LG_GEN_CLUE_IN_ORDER:
      return 1;
    case LG_GEN_CLUE_ONE_OF:
      return 2;
    default:
      return 3;
    }
}

/* ---- Truth ---------------------------------------------------------------- */

static guint
row_of (const LgGen *gen, const guint *solution, guint group, guint item)
{
  const guint *s = &solution[group * gen->n];
  for (guint r = 0; r < gen->n; r++)
    if (s[r] == item)
      return r;
  g_assert_not_reached ();
}

/* The value, in group vg, of the row of X. */
static gint64
value_at (const LgGen *gen, const guint *solution, guint vg, guint row)
{
  return gen->value[vg][solution[vg * gen->n + row]];
}

/* Is couple k of c together in solution? */
static gboolean
couple_holds (const LgGen *gen, const LgGenClue *c, guint k,
              const guint *solution)
{
  const LgGenCouple *p = &c->couple[k];
  return row_of (gen, solution, p->xg, p->xi) ==
         row_of (gen, solution, p->yg, p->yi);
}

static gboolean
logic_holds (const LgGen *gen, const LgGenClue *c, const guint *solution)
{
  gboolean a = couple_holds (gen, c, 0, solution);
  gboolean b = couple_holds (gen, c, 1, solution);
  switch (c->kind)
    {
    case LG_GEN_CLUE_OR:
      return a || b;
    case LG_GEN_CLUE_IF:
      return !a || b;
    case LG_GEN_CLUE_EXACTLY:
      return a + b + couple_holds (gen, c, 2, solution) == 1;
    default:
      {
        /* X-Y and X'-Y', or X-Y' and X'-Y */
        const LgGenCouple *p = &c->couple[0], *q = &c->couple[1];
        guint rx = row_of (gen, solution, p->xg, p->xi);
        guint rx2 = row_of (gen, solution, q->xg, q->xi);
        guint ry = row_of (gen, solution, p->yg, p->yi);
        guint ry2 = row_of (gen, solution, q->yg, q->yi);
        return (rx == ry && rx2 == ry2) || (rx == ry2 && rx2 == ry);
      }
    }
}

gboolean
lg_gen_clue_holds (LgGen *gen, const LgGenClue *c, const guint *solution)
{
  if (is_logic_kind (c->kind))
    return logic_holds (gen, c, solution);
  guint rx = row_of (gen, solution, c->xg, c->xi);
  if (c->kind == LG_GEN_CLUE_ONE_OF)
    {
      guint a = solution[c->vg * gen->n + rx];
      return a == c->ai || a == c->bi;
    }
  guint ry = row_of (gen, solution, c->yg, c->yi);
  if (c->kind == LG_GEN_CLUE_YES)
    return rx == ry;
  if (c->kind == LG_GEN_CLUE_NO)
    return rx != ry;
  gint64 a = value_at (gen, solution, c->vg, rx);
  gint64 b = value_at (gen, solution, c->vg, ry);
  switch (c->kind)
    {
    case LG_GEN_CLUE_DIFF:
      return a - b == c->k;
    case LG_GEN_CLUE_APART:
      return ABS (a - b) == c->k;
    case LG_GEN_CLUE_ORDER:
      return c->greater ? a > b : a < b;
    case LG_GEN_CLUE_SUM:
      return a + b == c->k;
    case LG_GEN_CLUE_EITHER:
      return a == gen->value[c->vg][c->ai] || b == gen->value[c->vg][c->ai];
    case LG_GEN_CLUE_NOT:
      if (gen->theme[c->vg]->kind == LG_GROUP_ORDERED)
        return ABS (a - b) != 1;
      return c->greater ? !(a > b) : !(a < b);
    default:
      g_assert_not_reached ();
    }
}

/* ---- Drawing clues ------------------------------------------------------- */

static guint
other_group (LgGen *gen, guint not_this)
{
  guint g = rand_below (gen, gen->n_groups - 1);
  return g >= not_this ? g + 1 : g;
}

static guint
other_row (LgGen *gen, guint not_this)
{
  guint r = rand_below (gen, gen->n - 1);
  return r >= not_this ? r + 1 : r;
}

static guint
hidden_item (const LgGen *gen, guint group, guint row)
{
  return gen->hidden[group * gen->n + row];
}

/* The row whose item in group g is `item`, in the hidden solution. */
static guint
hidden_row (const LgGen *gen, guint group, guint item)
{
  return row_of (gen, gen->hidden, group, item);
}

/* A couple of two random groups, true (on one row of the hidden
 * solution) or false. */
static LgGenCouple
random_couple (LgGen *gen, gboolean truth)
{
  LgGenCouple p;
  p.xg = rand_below (gen, gen->n_groups);
  p.yg = other_group (gen, p.xg);
  guint rx = rand_below (gen, gen->n);
  p.xi = hidden_item (gen, p.xg, rx);
  p.yi = hidden_item (gen, p.yg, truth ? rx : other_row (gen, rx));
  return p;
}

static gboolean
same_couple (const LgGenCouple *p, const LgGenCouple *q)
{
  return p->xg == q->xg && p->xi == q->xi && p->yg == q->yg && p->yi == q->yi;
}

/* A clue of logic over couples, true or false in the hidden solution;
 * FALSE when the dimension does not allow it. */
static gboolean
draw_logic (LgGen *gen, LgGenClueKind kind, gboolean truth, LgGenClue *c)
{
  guint n = gen->n;
  *c = (LgGenClue) { .kind = kind };
  LgGenCouple *p = c->couple;
  switch (kind)
    {
    case LG_GEN_CLUE_OR:
      {
        /* either X or X' goes with Y: one of them (true) or neither */
        if (n < 3 && !truth)
          return FALSE;
        p[0] = random_couple (gen, truth);
        guint ry = hidden_row (gen, p[0].yg, p[0].yi);
        guint rx = hidden_row (gen, p[0].xg, p[0].xi);
        guint r2;
        do
          r2 = rand_below (gen, n);
        while (r2 == rx || (!truth && r2 == ry));
        p[1] = p[0];
        p[1].xi = hidden_item (gen, p[0].xg, r2);
        if (rand_below (gen, 2))
          {
            LgGenCouple t = p[0];
            p[0] = p[1], p[1] = t;
          }
        return TRUE;
      }
    case LG_GEN_CLUE_IF:
      {
        /* true: both true, or the condition false; false: the condition
         * true and the consequence false */
        gboolean condition = truth ? rand_below (gen, 2) : TRUE;
        p[0] = random_couple (gen, condition);
        do
          p[1] = random_couple (gen, truth ? condition : FALSE);
        while (same_couple (&p[0], &p[1]));
        return TRUE;
      }
    case LG_GEN_CLUE_EXACTLY:
      {
        /* exactly one of three true (true), or two of them (false) */
        guint n_true = truth ? 1 : 2, tries = 0;
        for (guint k = 0; k < 3; k++)
          {
            gboolean dup;
            do
              {
                p[k] = random_couple (gen, k < n_true);
                dup = FALSE;
                for (guint j = 0; j < k; j++)
                  dup = dup || same_couple (&p[j], &p[k]);
                if (++tries > 100)
                  return FALSE;
              }
            while (dup);
          }
        guint first = rand_below (gen, 3);
        LgGenCouple t = p[0];
        p[0] = p[first], p[first] = t;
        return TRUE;
      }
    default:
      {
        /* of X and X', one goes with Y and the other with Y' */
        if (n < 3 && !truth)
          return FALSE;
        guint xg = rand_below (gen, gen->n_groups), yg = other_group (gen, xg);
        guint r1 = rand_below (gen, n), r2 = other_row (gen, r1);
        guint s1 = r1, s2 = r2;
        if (!truth)
          do
            s2 = rand_below (gen, n);
          while (s2 == r1 || s2 == r2);
        else if (rand_below (gen, 2))
          s1 = r2, s2 = r1;
        p[0] = (LgGenCouple) { xg, hidden_item (gen, xg, r1), yg,
                               hidden_item (gen, yg, s1) };
        p[1] = (LgGenCouple) { xg, hidden_item (gen, xg, r2), yg,
                               hidden_item (gen, yg, s2) };
        return TRUE;
      }
    }
}

/* A true clue of kind `kind`; FALSE when impossible. */
static gboolean
draw_true (LgGen *gen, LgGenClueKind kind, LgGenClue *c)
{
  guint n = gen->n;
  if (is_logic_kind (kind))
    return draw_logic (gen, kind, TRUE, c);
  *c = (LgGenClue) { .kind = kind };
  if (kind == LG_GEN_CLUE_YES || kind == LG_GEN_CLUE_NO)
    {
      c->xg = rand_below (gen, gen->n_groups);
      c->yg = other_group (gen, c->xg);
      guint rx = rand_below (gen, n);
      guint ry = kind == LG_GEN_CLUE_YES ? rx : other_row (gen, rx);
      c->xi = hidden_item (gen, c->xg, rx);
      c->yi = hidden_item (gen, c->yg, ry);
      return TRUE;
    }
  do
    c->vg = gen->value_groups[rand_below (gen, gen->n_value_groups)];
  while (kind == LG_GEN_CLUE_SUM && !gen->theme[c->vg]->sum);
  gboolean ordered = gen->theme[c->vg]->kind == LG_GROUP_ORDERED;
  c->xg = other_group (gen, c->vg);
  c->yg = other_group (gen, c->vg);
  guint rx = rand_below (gen, n), ry = other_row (gen, rx);
  if (kind == LG_GEN_CLUE_APART && ordered && rand_below (gen, 2))
    {
      /* neighbours, half of the time: the classic clue */
      guint ax = hidden_item (gen, c->vg, rx);
      guint ay = ax == 0       ? 1
                 : ax == n - 1 ? n - 2
                               : ax + (rand_below (gen, 2) ? 1 : -1);
      ry = hidden_row (gen, c->vg, ay);
    }
  if (kind == LG_GEN_CLUE_NOT && ordered)
    {
      /* two rows whose values are not neighbours (none when n = 2) */
      guint tries = 0;
      while (ABS (value_at (gen, gen->hidden, c->vg, rx) -
                  value_at (gen, gen->hidden, c->vg, ry)) == 1)
        {
          if (++tries > 100)
            return FALSE;
          rx = rand_below (gen, n);
          ry = other_row (gen, rx);
        }
    }
  c->xi = hidden_item (gen, c->xg, rx);
  c->yi = hidden_item (gen, c->yg, ry);
  gint64 a = value_at (gen, gen->hidden, c->vg, rx);
  gint64 b = value_at (gen, gen->hidden, c->vg, ry);
  switch (kind)
    {
    case LG_GEN_CLUE_DIFF:
      if (a < b)
        {
          /* X is the greater */
          guint t = c->xg;
          c->xg = c->yg, c->yg = t;
          t = c->xi;
          c->xi = c->yi, c->yi = t;
        }
      c->k = ABS (a - b);
      return TRUE;
    case LG_GEN_CLUE_APART:
      c->k = ABS (a - b);
      return TRUE;
    case LG_GEN_CLUE_ORDER:
      c->greater = a > b;
      return TRUE;
    case LG_GEN_CLUE_SUM:
      c->k = a + b;
      return TRUE;
    case LG_GEN_CLUE_ONE_OF:
      {
        if (n < 3)
          return FALSE; /* both items: true of every solution */
        guint ax = hidden_item (gen, c->vg, rx);
        guint other = rand_below (gen, n - 1);
        if (other >= ax)
          other++;
        c->ai = MIN (ax, other);
        c->bi = MAX (ax, other);
        c->yg = c->yi = 0;
        return TRUE;
      }
    case LG_GEN_CLUE_EITHER:
      c->ai = hidden_item (gen, c->vg, rand_below (gen, 2) ? rx : ry);
      return TRUE;
    case LG_GEN_CLUE_NOT:
      c->greater = a < b; /* not (a > b) */
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* A positive difference (or a sum) of two distinct items of vg other than
 * `not_this`; FALSE when there is none. */
static gboolean
other_combination (LgGen *gen, guint vg, gboolean sum, gint64 not_this,
                   gint64 *result)
{
  guint n = gen->n;
  gint64 options[LG_GEN_MAX_ITEMS * LG_GEN_MAX_ITEMS];
  guint n_options = 0;
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        gint64 v = sum ? gen->value[vg][i] + gen->value[vg][j]
                       : ABS (gen->value[vg][i] - gen->value[vg][j]);
        gboolean seen = v == not_this;
        for (guint k = 0; !seen && k < n_options; k++)
          seen = options[k] == v;
        if (!seen)
          options[n_options++] = v;
      }
  if (n_options == 0)
    return FALSE;
  *result = options[rand_below (gen, n_options)];
  return TRUE;
}

/* A false clue: a true one, changed where it says something. */
static gboolean
draw_false (LgGen *gen, LgGenClueKind kind, LgGenClue *c)
{
  guint n = gen->n;
  if (is_logic_kind (kind))
    return draw_logic (gen, kind, FALSE, c);
  if (!draw_true (gen, kind, c))
    return FALSE;
  gboolean ordered = gen->theme[c->vg]->kind == LG_GROUP_ORDERED;
  guint rx = hidden_row (gen, c->xg, c->xi);
  switch (kind)
    {
    case LG_GEN_CLUE_YES:
      c->yi = hidden_item (gen, c->yg, other_row (gen, rx));
      break;
    case LG_GEN_CLUE_NO:
      c->yi = hidden_item (gen, c->yg, rx);
      break;
    case LG_GEN_CLUE_DIFF:
      if (rand_below (gen, 2))
        {
          guint t = c->xg;
          c->xg = c->yg, c->yg = t;
          t = c->xi;
          c->xi = c->yi, c->yi = t;
        }
      else if (!other_combination (gen, c->vg, FALSE, c->k, &c->k))
        return FALSE;
      break;
    case LG_GEN_CLUE_APART:
      if (!other_combination (gen, c->vg, FALSE, c->k, &c->k))
        return FALSE;
      break;
    case LG_GEN_CLUE_SUM:
      if (!other_combination (gen, c->vg, TRUE, c->k, &c->k))
        return FALSE;
      break;
    case LG_GEN_CLUE_ORDER:
      c->greater = !c->greater;
      break;
    case LG_GEN_CLUE_ONE_OF:
      {
        guint ax = hidden_item (gen, c->vg, rx);
        guint pick[LG_GEN_MAX_ITEMS], n_pick = 0;
        for (guint i = 0; i < n; i++)
          if (i != ax)
            pick[n_pick++] = i;
        shuffle (gen, pick, n_pick);
        c->ai = MIN (pick[0], pick[1]);
        c->bi = MAX (pick[0], pick[1]);
        break;
      }
    case LG_GEN_CLUE_EITHER:
      {
        if (n < 3)
          return FALSE;
        guint ry = hidden_row (gen, c->yg, c->yi);
        guint ax = hidden_item (gen, c->vg, rx);
        guint ay = hidden_item (gen, c->vg, ry);
        do
          c->ai = rand_below (gen, n);
        while (c->ai == ax || c->ai == ay);
        break;
      }
    case LG_GEN_CLUE_NOT:
      if (ordered)
        {
          /* make X and Y neighbours */
          guint ax = hidden_item (gen, c->vg, rx);
          guint ay = ax == 0       ? 1
                     : ax == n - 1 ? n - 2
                                   : ax + (rand_below (gen, 2) ? 1 : -1);
          c->yi = hidden_item (gen, c->yg, hidden_row (gen, c->vg, ay));
        }
      else
        c->greater = !c->greater;
      break;
    default:
      g_assert_not_reached ();
    }
  return TRUE;
}

gboolean
lg_gen_draw_clue (LgGen *gen, LgGenClueKind kind, gboolean truth,
                  LgGenClue *clue)
{
  g_return_val_if_fail (kind < LG_GEN_N_CLUE_KINDS, FALSE);
  gboolean ok =
      truth ? draw_true (gen, kind, clue) : draw_false (gen, kind, clue);
  if (ok)
    g_assert (lg_gen_clue_holds (gen, clue, gen->hidden) == truth);
  return ok;
}

static guint
kind_weight (const LgGen *gen, guint kind)
{
  return kind_weights[kind] + (gen->opt.logic ? logic_weights[kind] : 0);
}

static LgGenClueKind
random_kind (LgGen *gen)
{
  guint total = 0;
  for (guint k = 0; k < LG_GEN_N_CLUE_KINDS; k++)
    total += kind_weight (gen, k);
  guint x = rand_below (gen, total);
  guint k = 0;
  while (x >= kind_weight (gen, k))
    x -= kind_weight (gen, k++);
  return (LgGenClueKind) k;
}

/* ---- Writing ---------------------------------------------------------------- */

char *
lg_gen_item_ref (LgGen *gen, guint group, guint item)
{
  return g_strdup_printf ("%s:%s", gen->theme[group]->name,
                          gen->item[group][item]);
}

static void
append_ref (LgGen *gen, GString *s, guint group, guint item)
{
  if (gen->bare[group][item])
    g_string_append (s, gen->item[group][item]);
  else
    g_string_append_printf (s, "%s:%s", gen->theme[group]->name,
                            gen->item[group][item]);
}

/* An item of a value group inside an expression: a reference for the
 * ordered ones (house:third), the number itself for the numeric ones. */
static void
append_value (LgGen *gen, GString *s, guint group, guint item)
{
  if (gen->theme[group]->kind == LG_GROUP_ORDERED)
    g_string_append_printf (s, "%s:%s", gen->theme[group]->name,
                            gen->item[group][item]);
  else
    g_string_append (s, gen->item[group][item]);
}

char *
lg_gen_declarations (LgGen *gen)
{
  static const char *const kinds[] = { "atomic", "ordered", "numeric" };
  GString *s = g_string_new (NULL);
  for (guint g = 0; g < gen->n_groups; g++)
    {
      const Theme *t = gen->theme[g];
      g_string_append_printf (s, "%s %s: ", kinds[t->kind], t->name);
      for (guint i = 0; i < gen->n; i++)
        g_string_append_printf (s, "%s%s", i ? ", " : "", gen->item[g][i]);
      if (t->note)
        g_string_append_printf (s, "  # %s", t->note);
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}

/* The relation of a clue with variables, without its var line. */
static void
append_relation (LgGen *gen, GString *s, const LgGenClue *c)
{
  gboolean ordered = gen->theme[c->vg]->kind == LG_GROUP_ORDERED;
  switch (c->kind)
    {
    case LG_GEN_CLUE_DIFF:
      g_string_append_printf (s, "a - b = %" G_GINT64_FORMAT, c->k);
      break;
    case LG_GEN_CLUE_APART:
      g_string_append_printf (s, "abs(a - b) = %" G_GINT64_FORMAT, c->k);
      break;
    case LG_GEN_CLUE_ORDER:
      g_string_append (s, c->greater ? "a > b" : "a < b");
      break;
    case LG_GEN_CLUE_SUM:
      if (ordered)
        g_string_append_printf (s, "(a + 1) + (b + 1) = %" G_GINT64_FORMAT,
                                c->k + 2);
      else
        g_string_append_printf (s, "a + b = %" G_GINT64_FORMAT, c->k);
      break;
    case LG_GEN_CLUE_ONE_OF:
      g_string_append (s, "a = ");
      append_value (gen, s, c->vg, c->ai);
      g_string_append (s, " or a = ");
      append_value (gen, s, c->vg, c->bi);
      break;
    case LG_GEN_CLUE_EITHER:
      g_string_append (s, "a = ");
      append_value (gen, s, c->vg, c->ai);
      g_string_append (s, " or b = ");
      append_value (gen, s, c->vg, c->ai);
      break;
    case LG_GEN_CLUE_NOT:
      if (ordered)
        g_string_append (s, "not (abs(a - b) = 1)");
      else
        g_string_append (s, c->greater ? "not (a > b)" : "not (a < b)");
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The rules of a clue, or of its negation: since each variable is pinned
 * to an item (of exactly one row), "some a, b with X at a, Y at b and R"
 * is false exactly when "some a, b with X at a, Y at b and not R" holds. */
/* "yes X, Y" of couple k of c. */
static void
append_couple (LgGen *gen, GString *s, const LgGenCouple *p)
{
  g_string_append (s, "yes ");
  append_ref (gen, s, p->xg, p->xi);
  g_string_append (s, ", ");
  append_ref (gen, s, p->yg, p->yi);
}

/* The one rule of a clue of logic over couples. */
static void
append_logic (LgGen *gen, GString *s, const LgGenClue *c)
{
  const LgGenCouple *p = c->couple;
  switch (c->kind)
    {
    case LG_GEN_CLUE_OR:
      append_couple (gen, s, &p[0]);
      g_string_append (s, " or ");
      append_couple (gen, s, &p[1]);
      break;
    case LG_GEN_CLUE_IF:
      g_string_append (s, "if ");
      append_couple (gen, s, &p[0]);
      g_string_append (s, " then ");
      append_couple (gen, s, &p[1]);
      break;
    case LG_GEN_CLUE_EXACTLY:
      g_string_append (s, "exactly 1 of (");
      for (guint k = 0; k < 3; k++)
        {
          if (k)
            g_string_append (s, "; ");
          append_couple (gen, s, &p[k]);
        }
      g_string_append_c (s, ')');
      break;
    default:
      {
        LgGenCouple q0 = { p[0].xg, p[0].xi, p[1].yg, p[1].yi };
        LgGenCouple q1 = { p[1].xg, p[1].xi, p[0].yg, p[0].yi };
        g_string_append_c (s, '(');
        append_couple (gen, s, &p[0]);
        g_string_append (s, " and ");
        append_couple (gen, s, &p[1]);
        g_string_append (s, ") or (");
        append_couple (gen, s, &q0);
        g_string_append (s, " and ");
        append_couple (gen, s, &q1);
        g_string_append_c (s, ')');
        break;
      }
    }
}

static void
append_rules (LgGen *gen, GString *s, const LgGenClue *c, gboolean negated)
{
  if (is_logic_kind (c->kind))
    {
      if (negated)
        g_string_append (s, "not (");
      append_logic (gen, s, c);
      g_string_append (s, negated ? ")\n" : "\n");
      return;
    }
  if (c->kind == LG_GEN_CLUE_YES || c->kind == LG_GEN_CLUE_NO)
    {
      g_string_append (s, (c->kind == LG_GEN_CLUE_YES) != negated ? "yes "
                                                                  : "no ");
      append_ref (gen, s, c->xg, c->xi);
      g_string_append (s, ", ");
      append_ref (gen, s, c->yg, c->yi);
      g_string_append_c (s, '\n');
      return;
    }
  gboolean one = c->kind == LG_GEN_CLUE_ONE_OF;
  g_string_append_printf (s, one ? "var a: %s\n" : "var a, b: %s\n",
                          gen->theme[c->vg]->name);
  if (negated)
    g_string_append (s, "not (");
  append_relation (gen, s, c);
  if (negated)
    g_string_append_c (s, ')');
  g_string_append (s, "\nyes a, ");
  append_ref (gen, s, c->xg, c->xi);
  if (!one)
    {
      g_string_append (s, "\nyes b, ");
      append_ref (gen, s, c->yg, c->yi);
    }
  g_string_append_c (s, '\n');
}

char *
lg_gen_clue_rules (LgGen *gen, const LgGenClue *c)
{
  GString *s = g_string_new (NULL);
  append_rules (gen, s, c, FALSE);
  return g_string_free (s, FALSE);
}

char *
lg_gen_clue_negation (LgGen *gen, const LgGenClue *c)
{
  GString *s = g_string_new (NULL);
  append_rules (gen, s, c, TRUE);
  return g_string_free (s, FALSE);
}

/* Appends template t with its {I}, {X}, {Y}, {N}, {A}, {B} replaced. */
static void
expand (GString *s, const char *t, const char *i, const char *x, const char *y,
        const char *n, const char *a, const char *b)
{
  for (const char *p = t; *p; p++)
    {
      const char *value = NULL;
      if (p[0] == '{' && p[1] && p[2] == '}')
        switch (p[1])
          {
          case 'I':
            value = i;
            break;
          case 'X':
            value = x;
            break;
          case 'Y':
            value = y;
            break;
          case 'N':
            value = n;
            break;
          case 'A':
            value = a;
            break;
          case 'B':
            value = b;
            break;
          default:
            break;
          }
      if (value)
        {
          g_string_append (s, value);
          p += 2;
        }
      else
        g_string_append_c (s, *p);
    }
}

/* "the cat owner", "Alice", "the one in the third house"... */
static char *
subject (LgGen *gen, guint group, guint item)
{
  GString *s = g_string_new (NULL);
  expand (s, gen->theme[group]->subject, gen->item[group][item], NULL, NULL,
          NULL, NULL, NULL);
  return g_string_free (s, FALSE);
}

/* "the cat owner drinks tea": couple p as a clause. */
static void
append_clause (LgGen *gen, GString *s, const LgGenCouple *p)
{
  g_autofree char *x = subject (gen, p->xg, p->xi);
  g_string_append_printf (s, "%s ", x);
  expand (s, gen->theme[p->yg]->predicate, gen->item[p->yg][p->yi], NULL, NULL,
          NULL, NULL, NULL);
}

/* The sentence of a clue of logic over couples, without its full stop. */
static void
append_logic_sentence (LgGen *gen, GString *s, const LgGenClue *c)
{
  const LgGenCouple *p = c->couple;
  switch (c->kind)
    {
    case LG_GEN_CLUE_OR:
      {
        g_autofree char *x = subject (gen, p[0].xg, p[0].xi);
        g_autofree char *x2 = subject (gen, p[1].xg, p[1].xi);
        g_string_append_printf (s, "either %s or %s ", x, x2);
        expand (s, gen->theme[p[0].yg]->predicate, gen->item[p[0].yg][p[0].yi],
                NULL, NULL, NULL, NULL, NULL);
        break;
      }
    case LG_GEN_CLUE_IF:
      g_string_append (s, "if ");
      append_clause (gen, s, &p[0]);
      g_string_append (s, ", then ");
      append_clause (gen, s, &p[1]);
      break;
    case LG_GEN_CLUE_EXACTLY:
      g_string_append (s, "exactly one of these is true: ");
      for (guint k = 0; k < 3; k++)
        {
          if (k)
            g_string_append (s, "; ");
          append_clause (gen, s, &p[k]);
        }
      break;
    default:
      {
        g_autofree char *x = subject (gen, p[0].xg, p[0].xi);
        g_autofree char *x2 = subject (gen, p[1].xg, p[1].xi);
        const Theme *ty = gen->theme[p[0].yg];
        g_string_append_printf (s, "of %s and %s, one ", x, x2);
        expand (s, ty->predicate, gen->item[p[0].yg][p[0].yi], NULL, NULL, NULL,
                NULL, NULL);
        g_string_append (s, " and the other ");
        expand (s, ty->predicate, gen->item[p[1].yg][p[1].yi], NULL, NULL, NULL,
                NULL, NULL);
        break;
      }
    }
}

char *
lg_gen_clue_sentence (LgGen *gen, const LgGenClue *c)
{
  GString *s = g_string_new (NULL);
  if (is_logic_kind (c->kind))
    {
      append_logic_sentence (gen, s, c);
      g_string_append_c (s, '.');
      s->str[0] = g_ascii_toupper (s->str[0]);
      return g_string_free (s, FALSE);
    }
  g_autofree char *x = subject (gen, c->xg, c->xi);
  if ((c->kind == LG_GEN_CLUE_YES || c->kind == LG_GEN_CLUE_NO) &&
      (c->xg == 0 || c->yg == 0) && gen->theme[c->xg + c->yg]->house_yes)
    {
      /* "the fourth house is blue" */
      guint g = c->xg + c->yg, i = c->xg ? c->xi : c->yi;
      guint house = c->xg ? c->yi : c->xi;
      const Theme *t = gen->theme[g];
      expand (s, c->kind == LG_GEN_CLUE_YES ? t->house_yes : t->house_no,
              gen->item[g][i], NULL, NULL, NULL, gen->item[0][house], NULL);
    }
  else if (c->kind == LG_GEN_CLUE_YES || c->kind == LG_GEN_CLUE_NO)
    {
      const Theme *ty = gen->theme[c->yg];
      g_string_append_printf (s, "%s ", x);
      expand (s, c->kind == LG_GEN_CLUE_YES ? ty->predicate : ty->negative,
              gen->item[c->yg][c->yi], NULL, NULL, NULL, NULL, NULL);
    }
  else
    {
      const Theme *tv = gen->theme[c->vg];
      gboolean ordered = tv->kind == LG_GROUP_ORDERED;
      g_autofree char *y =
          c->kind == LG_GEN_CLUE_ONE_OF ? NULL : subject (gen, c->yg, c->yi);
      g_autofree char *number = NULL;
      if (c->kind == LG_GEN_CLUE_SUM)
        number =
            g_strdup_printf ("%" G_GINT64_FORMAT, ordered ? c->k + 2 : c->k);
      else if (ordered && c->k >= 0 && c->k <= 10)
        number = g_strdup (number_words[c->k]);
      else
        number = g_strdup_printf ("%" G_GINT64_FORMAT, c->k);
      const char *a = gen->item[c->vg][c->ai], *b = gen->item[c->vg][c->bi];
      const char *t = NULL;
      switch (c->kind)
        {
        case LG_GEN_CLUE_DIFF:
          t = c->k == 1 ? tv->diff1 : tv->diffn;
          break;
        case LG_GEN_CLUE_APART:
          t = c->k == 1 ? tv->apart1 : tv->apartn;
          break;
        case LG_GEN_CLUE_ORDER:
          t = c->greater ? tv->more : tv->less;
          break;
        case LG_GEN_CLUE_SUM:
          t = tv->sum;
          break;
        case LG_GEN_CLUE_ONE_OF:
          t = tv->ends && c->ai == 0 && c->bi == gen->n - 1 ? tv->ends
                                                            : tv->one_of;
          break;
        case LG_GEN_CLUE_EITHER:
          t = tv->either;
          break;
        case LG_GEN_CLUE_NOT:
          t = ordered ? tv->not_next : c->greater ? tv->not_more : tv->not_less;
          break;
        default:
          g_assert_not_reached ();
        }
      expand (s, t, NULL, x, y, number, a, b);
    }
  g_string_append_c (s, '.');
  s->str[0] = g_ascii_toupper (s->str[0]);
  return g_string_free (s, FALSE);
}

/* `clue "The cat owner ..."`: the sentence as a clue line. */
static void
append_clue_line (GString *s, const char *text)
{
  g_string_append (s, "clue ");
  lg_append_lgm_string (s, text);
  g_string_append_c (s, '\n');
}

/* The problem text the solver reads: the declarations, the rules of the
 * clues not skipped and, if not NULL, the negation of `negated`; no
 * comment. */
static char *
problem_text (LgGen *gen, const LgGenClue *clues, guint n_clues,
              const gboolean *skip, const LgGenClue *negated)
{
  g_autofree char *decl = lg_gen_declarations (gen);
  GString *s = g_string_new (decl);
  for (guint i = 0; i < n_clues; i++)
    if (!skip || !skip[i])
      append_rules (gen, s, &clues[i], FALSE);
  if (negated)
    append_rules (gen, s, negated, TRUE);
  return g_string_free (s, FALSE);
}

/* ---- Counting solutions --------------------------------------------------- */

typedef struct
{
  LgGen *gen;
  GHashTable *index; /* LgItem * -> item index + 1 */
  guint64 limit;
  guint *row; /* scratch: one solution */
} Count;

static gboolean
on_solution (const LgProblem *problem, const LgSolution *solution,
             gpointer data)
{
  Count *c = data;
  LgGen *gen = c->gen;
  guint n = gen->n, size = gen->n_groups * n;
  for (guint g = 0; g < gen->n_groups; g++)
    for (guint r = 0; r < n; r++)
      c->row[g * n + r] = GPOINTER_TO_UINT (g_hash_table_lookup (
                              c->index, lg_solution_get (solution, g, r))) -
                          1;
  /* the faithful engine may find a solution twice: count it once */
  for (guint k = 0; k < gen->n_found; k++)
    if (memcmp (&g_array_index (gen->found, guint, k * size), c->row,
                size * sizeof (guint)) == 0)
      return TRUE;
  g_array_append_vals (gen->found, c->row, size);
  gen->n_found++;
  return gen->n_found < c->limit;
}

/* The work of a search of the generator is bounded (options.work_limit,
 * LG_GEN_WORK_LIMIT nodes of the fast engine): near uniqueness, on 12
 * groups and more, a few searches would run for minutes (logigram-gen -n
 * 16 -g 12 -s 2 did not end).  Past it the count is unsettled, and each
 * caller goes the safe way: the clue is kept, or taken, and more clues make
 * the next search easier.  Work, not time: the same puzzle on every
 * machine.  The counts that check the file written are not bounded. */

/* How a count is bounded. */
typedef enum
{
  COUNT_UNBOUNDED, /* the counts that check the file */
  COUNT_BOUNDED,   /* at most opt.work_limit nodes, the search starting from
                      the weights the last one left */
  COUNT_AS_WRITTEN /* at most opt.work_limit nodes, from no weights: the
                      search that logigram makes on the file written */
} CountBound;

/* The number of solutions of the clues (those not skipped, and the
 * negation of `negated` if not NULL), counted up to `limit`; they are left
 * in gen->found.  Bounded as `bound` says: past the bound gen->unsettled,
 * and the count is that of the solutions found.  -1 on a solver error. */
static gint64
count_solutions (LgGen *gen, const LgGenClue *clues, guint n_clues,
                 const gboolean *skip, const LgGenClue *negated, guint64 limit,
                 CountBound bound, GError **error)
{
  g_autofree char *text = problem_text (gen, clues, n_clues, skip, negated);
  g_autoptr (GTimer) timer = g_timer_new ();
  g_autoptr (LgProblem) problem =
      lg_parser_parse_data ("<generated>", text, strlen (text), error);
  if (!problem)
    return -1;
  LgSolveOptions options = LG_SOLVE_OPTIONS_INIT;
  options.engine = gen->opt.engine;
  options.check = gen->opt.check;
  options.weights = bound == COUNT_AS_WRITTEN ? NULL : gen->weights;
  /* nodes of the fast engine: the faithful one's work counts other steps,
   * and a puzzle is the same whatever the engine that counts */
  if (bound != COUNT_UNBOUNDED && gen->opt.engine == LG_ENGINE_FAST)
    options.work_limit = gen->opt.work_limit;
  g_autoptr (GHashTable) index = g_hash_table_new (NULL, NULL);
  for (guint g = 0; g < gen->n_groups; g++)
    {
      LgGroup *group = lg_problem_get_group (problem, g);
      for (guint i = 0; i < gen->n; i++)
        g_hash_table_insert (index, lg_group_get_item (group, i),
                             GUINT_TO_POINTER (i + 1));
    }
  g_autofree guint *row = g_new (guint, gen->n_groups * gen->n);
  Count c = { gen, index, limit, row };
  g_array_set_size (gen->found, 0);
  gen->n_found = 0;
  LgStats stats = { 0 };
  gint64 got =
      lg_problem_solve (problem, &options, &stats, on_solution, &c, error);
  gen->n_solves++;
  gen->unsettled = stats.over_work;
  gen->last_nodes = stats.nodes_explored;
  gen->nodes += stats.nodes_explored;
  gen->n_unsettled += stats.over_work;
  gen->solve_seconds += g_timer_elapsed (timer, NULL);
  if (got < 0)
    {
      g_prefix_error (error, "the solver failed: ");
      return -1;
    }
  return gen->n_found;
}

/* ---- Generating ----------------------------------------------------------- */

static const guint *
found_solution (LgGen *gen, guint k)
{
  return &g_array_index (gen->found, guint, k * gen->n_groups * gen->n);
}

/* ---- Known alternatives ----------------------------------------------------
 *
 * Solutions of the current clues other than the hidden one, met while
 * counting: a clue that one of them breaks removes a solution, and the
 * solver need not be asked.  Which ones are known depends on the order in
 * which the engine finds solutions, so they only save work: every decision
 * depends on the set of solutions alone (see removes_solution). */

#define MAX_ALTERNATIVES 64

static guint
n_alternatives (LgGen *gen, GArray *alts)
{
  return alts->len / (gen->n_groups * gen->n);
}

/* Adds the found solutions but the hidden one (and those known). */
static void
add_alternatives (LgGen *gen, GArray *alts)
{
  guint size = gen->n_groups * gen->n;
  for (guint k = 0; k < gen->n_found; k++)
    {
      const guint *s = found_solution (gen, k);
      gboolean known = memcmp (s, gen->hidden, size * sizeof (guint)) == 0;
      for (guint j = 0; !known && j < n_alternatives (gen, alts); j++)
        known = memcmp (s, &g_array_index (alts, guint, j * size),
                        size * sizeof (guint)) == 0;
      if (!known && n_alternatives (gen, alts) < MAX_ALTERNATIVES)
        g_array_append_vals (alts, s, size);
    }
}

/* Keeps the alternatives that satisfy the new clue c. */
static void
keep_alternatives (LgGen *gen, GArray *alts, const LgGenClue *c)
{
  guint size = gen->n_groups * gen->n, kept = 0;
  for (guint j = 0; j < n_alternatives (gen, alts); j++)
    {
      const guint *s = &g_array_index (alts, guint, j * size);
      if (lg_gen_clue_holds (gen, c, s))
        memmove (&g_array_index (alts, guint, kept++ * size), s,
                 size * sizeof (guint));
    }
  g_array_set_size (alts, kept * size);
}

/* The known alternatives that the clue c keeps: solutions of the clues
 * and c. */
static guint64
alternatives_holding (LgGen *gen, GArray *alts, const LgGenClue *c)
{
  guint size = gen->n_groups * gen->n;
  guint64 holding = 0;
  for (guint j = 0; j < n_alternatives (gen, alts); j++)
    holding +=
        lg_gen_clue_holds (gen, c, &g_array_index (alts, guint, j * size));
  return holding;
}

/* Near the end, most clues drawn remove no solution, and proving it is a
 * whole search each.  After ENUMERATE_AFTER_MISSES such clues in a row,
 * the solutions of the clues are enumerated, up to MAX_ALTERNATIVES
 * besides the hidden one: when they are no more, the known alternatives
 * are all of them, and from then on a clue removes a solution exactly when
 * one of them breaks it, without a search (adding a clue keeps them all:
 * keep_alternatives).  When they are more, the next try waits for twice as
 * many misses.  FALSE on a solver error. */
#define ENUMERATE_AFTER_MISSES 4

static gboolean
enumerate_alternatives (LgGen *gen, GArray *alts, GError **error)
{
  gint64 got =
      count_solutions (gen, (LgGenClue *) gen->clues->data, gen->clues->len,
                       NULL, NULL, MAX_ALTERNATIVES + 2, COUNT_BOUNDED, error);
  if (got < 0)
    return FALSE;
  if (!gen->unsettled && got <= MAX_ALTERNATIVES + 1)
    {
      g_array_set_size (alts, 0);
      add_alternatives (gen, alts);
      gen->alts_complete = TRUE;
    }
  else
    gen->next_enumeration = gen->misses * 2;
  return TRUE;
}

/* 1 when adding the clue c (true in the hidden solution) to the clues
 * removes a solution, or may (the search was unsettled), 0 when not, -1
 * on a solver error: a known alternative breaks c, or else (unless they
 * are all known) the solver finds a solution of the clues and of the
 * negation of c (which becomes known). */
static int
removes_solution (LgGen *gen, GArray *alts, const LgGenClue *c, GError **error)
{
  guint size = gen->n_groups * gen->n;
  for (guint j = 0; j < n_alternatives (gen, alts); j++)
    if (!lg_gen_clue_holds (gen, c, &g_array_index (alts, guint, j * size)))
      {
        gen->misses = 0;
        return 1;
      }
  if (gen->alts_complete)
    return 0;
  gint64 got =
      count_solutions (gen, (LgGenClue *) gen->clues->data, gen->clues->len,
                       NULL, c, 1, COUNT_BOUNDED, error);
  if (got < 0)
    return -1;
  add_alternatives (gen, alts);
  /* not known in time: taken (a true clue; the count that follows says
   * whether the solutions are down to K) */
  if (got > 0 || gen->unsettled)
    {
      gen->misses = 0;
      return 1;
    }
  if (++gen->misses >= gen->next_enumeration &&
      !enumerate_alternatives (gen, alts, error))
    return -1;
  return 0;
}

/* The first clue of the random sequence that removes a solution; after
 * 100 that do not, the yes clues of the hidden solution in order (one of
 * them removes any other solution).  FALSE with error set on a solver
 * error, or when the clues have no other solution. */
static gboolean
pick_clue (LgGen *gen, GArray *alts, LgGenClue *c, GError **error)
{
  for (guint tries = 0; tries < 100; tries++)
    {
      if (!draw_true (gen, random_kind (gen), c))
        continue;
      int removes = removes_solution (gen, alts, c, error);
      if (removes != 0)
        return removes > 0;
    }
  for (guint g = 1; g < gen->n_groups; g++)
    for (guint r = 0; r < gen->n; r++)
      {
        *c = (LgGenClue) { .kind = LG_GEN_CLUE_YES,
                           .xg = 0,
                           .xi = r,
                           .yg = g,
                           .yi = hidden_item (gen, g, r) };
        int removes = removes_solution (gen, alts, c, error);
        if (removes != 0)
          return removes > 0;
      }
  g_set_error (error, LG_GEN_ERROR, LG_GEN_ERROR_FAILED,
               "no clue removes a solution: the solver finds the hidden "
               "solution more than once");
  return FALSE;
}

static void
progress (LgGen *gen, const char *what, gint64 count)
{
  if (gen->opt.verbose)
    g_printerr ("logigram-gen: %u clues, %s%" G_GINT64_FORMAT
                " solution(s) (%" G_GUINT64_FORMAT " solver calls, %.3f s)\n",
                gen->clues->len, what, count, gen->n_solves,
                gen->solve_seconds);
}

/* Adds clues until at most K solutions remain, each the first of the
 * random sequence that removes a solution.  With K > 1, a clue that leaves
 * fewer than K is tried again with other clues (a few times), to land on K
 * if it can. */
static gboolean
add_clues (LgGen *gen, GError **error)
{
  guint64 limit = gen->opt.max_solutions;
  guint size = gen->n_groups * gen->n;
  g_autoptr (GArray) alts = g_array_new (FALSE, FALSE, sizeof (guint));
  gen->alts_complete = FALSE;
  gen->misses = 0;
  gen->next_enumeration = ENUMERATE_AFTER_MISSES;
  gint64 count = count_solutions (gen, NULL, 0, NULL, NULL, limit + 1,
                                  COUNT_BOUNDED, error);
  if (count < 0)
    return FALSE;
  if (gen->unsettled)
    count = (gint64) limit + 1; /* more than K, as far as is known */
  add_alternatives (gen, alts);
  lg_progress_begin (gen->progress, "adding clues", "clues", 0);
  while ((guint64) count > limit)
    {
      progress (gen, "at least ", count);
      lg_progress_update (gen->progress, gen->clues->len);
      guint tries = limit > 1 ? 8 : 1;
      LgGenClue best = { 0 };
      gint64 best_count = -1;
      guint best_n_found = 0; /* fewer than best_count when unsettled */
      g_autofree guint *best_found = NULL;
      for (guint t = 0; t < tries; t++)
        {
          LgGenClue c;
          if (!pick_clue (gen, alts, &c, error))
            return FALSE;
          gint64 got;
          if (alternatives_holding (gen, alts, &c) >= limit)
            {
              /* with the hidden one, more than K solutions known: the
               * count would say limit + 1 */
              got = (gint64) limit + 1;
              g_array_set_size (gen->found, 0);
              gen->n_found = 0;
            }
          else
            {
              g_array_append_val (gen->clues, c);
              got = count_solutions (gen, (LgGenClue *) gen->clues->data,
                                     gen->clues->len, NULL, NULL, limit + 1,
                                     COUNT_BOUNDED, error);
              g_array_set_size (gen->clues, gen->clues->len - 1);
              if (got < 0)
                return FALSE;
              if (gen->unsettled)
                got = (gint64) limit + 1; /* not known to be down to K */
            }
          /* more than K left: progress all the same; K exactly: done */
          gboolean final = (guint64) got >= limit;
          if (best_count < 0 || final || got > best_count)
            {
              best = c;
              best_count = got;
              best_n_found = gen->n_found;
              g_free (best_found);
              best_found =
                  g_memdup2 (gen->found->data,
                             (gsize) gen->n_found * size * sizeof (guint));
            }
          if (final)
            break;
        }
      g_array_append_val (gen->clues, best);
      g_array_set_size (gen->found, 0);
      g_array_append_vals (gen->found, best_found, best_n_found * size);
      gen->n_found = best_n_found;
      count = best_count;
      keep_alternatives (gen, alts, &best);
      add_alternatives (gen, alts);
    }
  gen->n_solutions = gen->n_true = (guint64) count;
  progress (gen, "", count);
  return TRUE;
}

/* Whether `solution` keeps every clue not skipped but `tested`, and
 * breaks `tested`: a witness that `tested` is needed. */
static gboolean
breaks_only (LgGen *gen, const gboolean *skip, guint tested,
             const guint *solution)
{
  const LgGenClue *clues = (LgGenClue *) gen->clues->data;
  gboolean holds = !lg_gen_clue_holds (gen, &clues[tested], solution);
  for (guint k = 0; holds && k < gen->clues->len; k++)
    holds =
        k == tested || skip[k] || lg_gen_clue_holds (gen, &clues[k], solution);
  return holds;
}

/* What exchange_witness tests each exchange with (see below). */
typedef struct
{
  LgGen *gen;
  const gboolean *skip;
  guint tested;
} ExchangeTest;

static int
exchange_breaks_only (const void *s, void *data)
{
  ExchangeTest *x = data;
  return breaks_only (x->gen, x->skip, x->tested, s);
}

/* A witness that clue `tested` is needed, found without a search: the
 * hidden solution with the items of two rows exchanged in one group (two
 * people swapping their car, say) that keeps every clue not skipped but
 * `tested`, and breaks `tested`.  Such a solution of the other clues is
 * what the search of minimise would look for; measured, one exists for
 * most of the clues that a minimised puzzle needs (37 of 64 on 10x10 seed
 * 3, 58 of 84 on 12x12 seed 5), and trying them all costs G n^2 / 2 clue
 * evaluations per clue, far less than a search. */
static gboolean
exchange_witness (LgGen *gen, const gboolean *skip, guint tested)
{
  guint s[LG_GEN_MAX_GROUPS * LG_GEN_MAX_ITEMS];
  memcpy (s, gen->hidden, (gsize) gen->n_groups * gen->n * sizeof (guint));
  ExchangeTest x = { gen, skip, tested };
  return lg_permut_find_exchange (s, sizeof s[0], (int) gen->n_groups,
                                  (int) gen->n, exchange_breaks_only, &x);
}

/* What minimise decided for the clue tried at each step. */
typedef enum
{
  TRIED_DROPPED,
  TRIED_WITNESSED, /* needed: an exchange witness breaks it alone */
  TRIED_NEEDED,    /* needed: a solution of the other clues breaks it */
  TRIED_UNTESTED,  /* kept: its search stopped at the work limit */
  TRIED_SLOW       /* not needed, but kept: without it, logigram's search
                      of the puzzle passes the work limit */
} Tried;

/* What the searches of minimise learnt about each clue, for the clues it
 * tries again (see minimise): a solution of the other clues that breaks
 * it, and the clues present (not skipped) when a search found it not
 * needed.  With more clues present, it is still not needed: the solutions
 * of the other clues can only be fewer. */
typedef struct
{
  guint *witness;        /* n_clues * n_groups * n */
  gboolean *has_witness; /* n_clues */
  gboolean *present;     /* n_clues * n_clues: the skips of that search */
  gboolean *has_present; /* n_clues */
} Learnt;

static void
learnt_init (Learnt *f, const LgGen *gen)
{
  gsize n_clues = gen->clues->len;
  f->witness = g_new (guint, n_clues * gen->n_groups * gen->n);
  f->has_witness = g_new0 (gboolean, n_clues);
  f->present = g_new (gboolean, n_clues * n_clues);
  f->has_present = g_new0 (gboolean, n_clues);
}

static void
learnt_clear (Learnt *f)
{
  g_free (f->witness);
  g_free (f->has_witness);
  g_free (f->present);
  g_free (f->has_present);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Learnt, learnt_clear)

/* Whether every clue skipped now was skipped then. */
static gboolean
no_fewer_clues (const gboolean *skip, const gboolean *then, guint n_clues)
{
  for (guint k = 0; k < n_clues; k++)
    if (skip[k] && !then[k])
      return FALSE;
  return TRUE;
}

/* Drops `clue` from the clues not skipped when the solutions stay the
 * same.  Dropping a clue only adds solutions, and every solution of all
 * the clues keeps it: the solutions stay the same exactly when no solution
 * of the other clues breaks it, so one search of the other clues and the
 * clue negated, stopped at its first solution, decides, unless an exchange
 * witness shows first that the clue is needed (the same decision, without
 * the search), or what an earlier search found (`learnt`) does.  (Before,
 * the other clues' solutions were counted up to n + 1: the same decisions,
 * but the search had to go through the n solutions kept as well: 10 to 25
 * % more CPU on 10x10 puzzles.) */
static gboolean
try_drop (LgGen *gen, gboolean *skip, guint clue, Learnt *learnt, Tried *tried,
          GError **error)
{
  const LgGenClue *clues = (LgGenClue *) gen->clues->data;
  guint n_clues = gen->clues->len, size = gen->n_groups * gen->n;
  guint *witness = &learnt->witness[clue * size];
  gboolean *present = &learnt->present[clue * n_clues];
  skip[clue] = TRUE;
  *tried = TRIED_DROPPED;
  if (learnt->has_present[clue] && no_fewer_clues (skip, present, n_clues))
    ; /* not needed, as before */
  else if (learnt->has_witness[clue] && breaks_only (gen, skip, clue, witness))
    *tried = TRIED_NEEDED;
  else if (exchange_witness (gen, skip, clue))
    *tried = TRIED_WITNESSED;
  else
    {
      gint64 got = count_solutions (gen, clues, n_clues, skip, &clues[clue], 1,
                                    COUNT_BOUNDED, error);
      if (got < 0)
        return FALSE;
      if (got > 0)
        {
          *tried = TRIED_NEEDED;
          memcpy (witness, found_solution (gen, 0), size * sizeof (guint));
          learnt->has_witness[clue] = TRUE;
        }
      else if (gen->unsettled) /* not known in time */
        *tried = TRIED_UNTESTED;
      else
        {
          memcpy (present, skip, n_clues * sizeof (gboolean));
          learnt->has_present[clue] = TRUE;
        }
    }
  skip[clue] = *tried == TRIED_DROPPED;
  return TRUE;
}

/* 1 when logigram proves the solutions of the clues not skipped within the
 * work limit, searching as it does on the file written; 0 when not; -1 on
 * a solver error.  (The engine looks at its limit before each choice: the
 * probes after the last choice may go past it in a search that ends.) */
static int
solved_within_limit (LgGen *gen, const gboolean *skip, GError **error)
{
  gint64 got = count_solutions (gen, (LgGenClue *) gen->clues->data,
                                gen->clues->len, skip, NULL,
                                gen->n_solutions + 1, COUNT_AS_WRITTEN, error);
  if (got < 0)
    return -1;
  g_assert (gen->unsettled || (guint64) got == gen->n_solutions);
  return !gen->unsettled && gen->last_nodes <= gen->opt.work_limit;
}

/* The clues of the first k of the n drops pending dropped, the others
 * back. */
static void
set_drops (gboolean *skip, const guint *order, const guint *pending, guint n,
           guint k)
{
  for (guint m = 0; m < n; m++)
    skip[order[pending[m]]] = m < k;
}

/* The n drops pending (positions in minimise's order) since the clues were
 * last solved within the work limit, with all of them the clues are not:
 * how many of them, k, can stay, the first k within the limit and the
 * first k + 1 not.  The search gallops back from the last drop (the later
 * the drop undone, the fewer clues to try again), then bisects.  The
 * skips are left for the first k.  -1 on a solver error. */
static gint64
last_within (LgGen *gen, gboolean *skip, const guint *order,
             const guint *pending, guint n, GError **error)
{
  guint lo = 0, hi = n, step = 1; /* the first lo within, the first hi not */
  gboolean galloping = TRUE;
  while (hi - lo > 1)
    {
      guint mid = galloping && hi - lo > step ? hi - step : lo + (hi - lo) / 2;
      set_drops (skip, order, pending, n, mid);
      int within = solved_within_limit (gen, skip, error);
      if (within < 0)
        return -1;
      if (within)
        {
          lo = mid;
          galloping = FALSE;
        }
      else
        {
          hi = mid;
          step *= 2;
        }
    }
  set_drops (skip, order, pending, n, lo);
  return lo;
}

/* Drops between two checks of minimise once one has failed. */
#define DROPS_PER_CHECK 8

/* Drops each clue, in a random order, when the solutions stay the same
 * (try_drop).  A search bounded by the work limit decides each clue, but
 * the puzzle left needs logigram's whole search, and dropping clues makes
 * it longer: past the work limit on some puzzles from 12 groups on (-n 12
 * -g 12 -s 5: 32,292 nodes, 1.6 s).  So under a work limit, once every
 * clue has been tried, the puzzle left is solved as logigram will solve
 * the file (the check).  When that passes the limit, the drops since the
 * last check are undone from the last back (last_within) until it does
 * not; the clue of the last drop undone is kept (TRIED_SLOW), and the
 * clues after it are tried again, with a check every DROPS_PER_CHECK
 * drops, and so on: the clue kept moves on each time, so this ends.
 * logigram then solves the puzzle written within the work limit (unless
 * the puzzle before minimise was already past it: then no check is made),
 * and each of its clues is needed, untested, or kept for that.  What the
 * searches found the first time (Learnt) spares some of the searches of
 * the clues tried again.  Measured (doc/performance.md): a check after
 * every drop, or after a failed check none until the end, or one after
 * each drop whose search took over half the limit, cost more; the
 * searches near the limit are what costs. */
static gboolean
minimise (LgGen *gen, GError **error)
{
  guint n_clues = gen->clues->len;
  g_autofree gboolean *skip = g_new0 (gboolean, n_clues);
  g_autofree guint *order = g_new (guint, n_clues);
  g_autofree Tried *tried = g_new (Tried, n_clues);
  g_autofree guint *pending = g_new (guint, n_clues);
  g_auto (Learnt) learnt = { 0 };
  learnt_init (&learnt, gen);
  for (guint i = 0; i < n_clues; i++)
    order[i] = i;
  shuffle (gen, order, n_clues);
  /* the checks start from the puzzle as it is: within the limit (or none
   * can be made) */
  gboolean limited = gen->opt.engine == LG_ENGINE_FAST && gen->opt.work_limit;
  if (limited)
    {
      int within = solved_within_limit (gen, skip, error);
      if (within < 0)
        return FALSE;
      limited = within;
    }
  guint n_pending = 0;       /* drops since the last check */
  guint per_check = n_clues; /* then DROPS_PER_CHECK */
  lg_progress_begin (gen->progress, "minimise", "clues tried", n_clues);
  for (guint i = 0; i < n_clues;)
    {
      lg_progress_update (gen->progress, i);
      if (!try_drop (gen, skip, order[i], &learnt, &tried[i], error))
        return FALSE;
      if (limited && tried[i] == TRIED_DROPPED)
        pending[n_pending++] = i;
      i++;
      if (n_pending == 0 || (n_pending < per_check && i < n_clues))
        continue;
      int within = solved_within_limit (gen, skip, error);
      if (within < 0)
        return FALSE;
      if (!within)
        {
          gint64 k = last_within (gen, skip, order, pending, n_pending, error);
          if (k < 0)
            return FALSE;
          tried[pending[k]] = TRIED_SLOW;
          i = pending[k] + 1;
          per_check = DROPS_PER_CHECK;
          /* the count of the line goes back: it says why */
          lg_progress_set_note (gen->progress,
                                "back to an earlier clue: logigram's search "
                                "went past the work limit");
        }
      n_pending = 0;
    }
  /* A clue kept for the search was not needed at its turn, but a clue
   * dropped since may have made it needed: tried again. */
  for (guint i = 0; i < n_clues; i++)
    if (tried[i] == TRIED_SLOW)
      {
        if (!try_drop (gen, skip, order[i], &learnt, &tried[i], error))
          return FALSE;
        if (tried[i] == TRIED_DROPPED)
          {
            skip[order[i]] = FALSE;
            tried[i] = TRIED_SLOW;
          }
      }
  guint n_witnessed = 0;
  g_autofree gboolean *slow = g_new0 (gboolean, n_clues);
  gen->n_untested = 0;
  for (guint i = 0; i < n_clues; i++)
    {
      n_witnessed += tried[i] == TRIED_WITNESSED;
      gen->n_untested += tried[i] == TRIED_UNTESTED;
      slow[order[i]] = tried[i] == TRIED_SLOW;
    }
  GArray *kept = g_array_new (FALSE, FALSE, sizeof (LgGenClue));
  for (guint i = 0; i < n_clues; i++)
    if (!skip[i])
      {
        g_array_append_val (kept, g_array_index (gen->clues, LgGenClue, i));
        if (slow[i])
          g_array_append_val (gen->slow, kept->len);
      }
  if (gen->opt.verbose)
    {
      g_printerr ("logigram-gen: %u of the %u clues tried kept without a "
                  "search: two items of a group exchanged in the hidden "
                  "solution break them alone\n",
                  n_witnessed, n_clues);
      if (gen->slow->len)
        g_printerr ("logigram-gen: %u clues kept that are not needed, so "
                    "that logigram solves the puzzle within the work "
                    "limit\n",
                    gen->slow->len);
    }
  g_array_unref (gen->clues);
  gen->clues = kept;
  /* the solutions of the kept clues, for contradict */
  gint64 got = count_solutions (gen, (LgGenClue *) gen->clues->data,
                                gen->clues->len, NULL, NULL,
                                gen->n_solutions + 1, COUNT_UNBOUNDED, error);
  if (got < 0)
    return FALSE;
  g_assert ((guint64) got == gen->n_solutions);
  progress (gen, "minimised: ", got);
  return TRUE;
}

static gboolean
false_in_all (LgGen *gen, const LgGenClue *c)
{
  for (guint k = 0; k < gen->n_found; k++)
    if (lg_gen_clue_holds (gen, c, found_solution (gen, k)))
      return FALSE;
  return TRUE;
}

/* Every clue in a fixed order (X and Y two different items, the variables
 * over another group, the numbers those of two distinct items), until one
 * is false in all the solutions: for the small puzzles where the random
 * ones all fail. */
static gboolean
first_false_in_all (LgGen *gen, LgGenClue *c)
{
  guint n = gen->n, n_groups = gen->n_groups;
  for (guint kind = 0; kind < LG_GEN_CLUE_OR; kind++)
    for (guint vg = 0; vg < n_groups; vg++)
      {
        gboolean relation = kind != LG_GEN_CLUE_YES && kind != LG_GEN_CLUE_NO;
        if (relation ? gen->theme[vg]->kind == LG_GROUP_ATOMIC ||
                           (kind == LG_GEN_CLUE_SUM && !gen->theme[vg]->sum)
                     : vg > 0)
          continue;
        gboolean one = kind == LG_GEN_CLUE_ONE_OF;
        for (guint xg = 0; xg < n_groups; xg++)
          for (guint yg = 0; yg < (one ? 1 : n_groups); yg++)
            for (guint xi = 0; xi < n; xi++)
              for (guint yi = 0; yi < (one ? 1 : n); yi++)
                for (guint i = 0; i < n; i++)
                  for (guint j = 0; j < n; j++)
                    for (guint greater = 0; greater < 2; greater++)
                      {
                        if (relation && (xg == vg || (!one && yg == vg)))
                          continue;
                        if (!relation && xg == yg)
                          continue;
                        if (!one && xg == yg && xi == yi)
                          continue;
                        if (i == j && kind != LG_GEN_CLUE_EITHER &&
                            kind != LG_GEN_CLUE_ORDER &&
                            kind != LG_GEN_CLUE_NOT)
                          continue;
                        *c = (LgGenClue) { .kind = kind,
                                           .vg = relation ? vg : 0,
                                           .xg = xg,
                                           .xi = xi,
                                           .yg = one ? 0 : yg,
                                           .yi = one ? 0 : yi,
                                           .ai = i,
                                           .bi = j,
                                           .greater = greater };
                        gint64 vi = gen->value[vg][i], vj = gen->value[vg][j];
                        c->k =
                            kind == LG_GEN_CLUE_SUM ? vi + vj : ABS (vi - vj);
                        if (false_in_all (gen, c))
                          return TRUE;
                      }
      }
  return FALSE;
}

/* Adds one clue false in every remaining solution, at a random place:
 * random false clues first, then every clue in order. */
static gboolean
contradict (LgGen *gen, GError **error)
{
  LgGenClue c;
  gboolean found = FALSE;
  for (guint tries = 0; !found && tries < 10000; tries++)
    found = draw_false (gen, random_kind (gen), &c) && false_in_all (gen, &c);
  if (!found && !first_false_in_all (gen, &c))
    {
      g_set_error (error, LG_GEN_ERROR, LG_GEN_ERROR_FAILED,
                   "no single clue is false in all the %" G_GUINT64_FORMAT
                   " solutions: ask for fewer --solutions",
                   gen->n_solutions);
      return FALSE;
    }
  guint at = rand_below (gen, gen->clues->len + 1);
  g_array_insert_val (gen->clues, at, c);
  gen->false_clue = at + 1;
  for (guint k = 0; k < gen->slow->len; k++)
    if (g_array_index (gen->slow, guint, k) > at)
      g_array_index (gen->slow, guint, k)++;
  return TRUE;
}

gboolean
lg_gen_run (LgGen *gen, GError **error)
{
  g_return_val_if_fail (!gen->done, FALSE);
  gen->done = TRUE;
  gboolean ok = add_clues (gen, error) &&
                (!gen->opt.minimise || minimise (gen, error)) &&
                (!gen->opt.contradict || contradict (gen, error));
  lg_progress_end (gen->progress);
  if (!ok)
    return FALSE;
  /* The file as written must have the count announced. */
  guint64 announced = gen->opt.contradict ? 0 : gen->n_solutions;
  gint64 got =
      count_solutions (gen, (LgGenClue *) gen->clues->data, gen->clues->len,
                       NULL, NULL, announced + 1, COUNT_UNBOUNDED, error);
  if (got < 0)
    return FALSE;
  if ((guint64) got != announced)
    {
      g_set_error (error, LG_GEN_ERROR, LG_GEN_ERROR_FAILED,
                   "the puzzle has %" G_GINT64_FORMAT
                   " solutions instead of %" G_GUINT64_FORMAT,
                   got, announced);
      return FALSE;
    }
  if (gen->opt.contradict)
    gen->n_solutions = 0;
  return TRUE;
}

/* ---- The file ------------------------------------------------------------- */

static const char *
count_words (guint n)
{
  return n < G_N_ELEMENTS (number_words) ? number_words[n] : NULL;
}

static void
append_answer (LgGen *gen, GString *s)
{
  guint n = gen->n;
  gsize width[LG_GEN_MAX_GROUPS];
  for (guint g = 0; g < gen->n_groups; g++)
    {
      width[g] = strlen (gen->theme[g]->name);
      for (guint i = 0; i < n; i++)
        width[g] = MAX (width[g], strlen (gen->item[g][i]));
    }
  GString *dash = g_string_new ("# +");
  for (guint g = 0; g < gen->n_groups; g++)
    {
      for (gsize k = 0; k < width[g] + 2; k++)
        g_string_append_c (dash, '-');
      g_string_append_c (dash, '+');
    }
  g_string_append_c (dash, '\n');
  g_string_append (
      s, "\n# The hidden solution (--answer), as logigram prints it:\n");
  g_string_append (s, dash->str);
  g_string_append (s, "# |");
  for (guint g = 0; g < gen->n_groups; g++)
    g_string_append_printf (s, " %-*s |", (int) width[g], gen->theme[g]->name);
  g_string_append_c (s, '\n');
  g_string_append (s, dash->str);
  for (guint r = 0; r < n; r++)
    {
      g_string_append (s, "# |");
      for (guint g = 0; g < gen->n_groups; g++)
        g_string_append_printf (s, " %-*s |", (int) width[g],
                                gen->item[g][hidden_item (gen, g, r)]);
      g_string_append_c (s, '\n');
    }
  g_string_append (s, dash->str);
  g_string_free (dash, TRUE);
}

/* The header's lines on the clues minimise kept for logigram's search:
 * "# Clues 4, 17 and 52 are not needed, but were kept so that ...", the
 * words wrapped at 78 columns. */
static void
append_slow (LgGen *gen, GString *s)
{
  GArray *slow = gen->slow;
  GString *text = g_string_new (slow->len == 1 ? "Clue" : "Clues");
  for (guint k = 0; k < slow->len; k++)
    g_string_append_printf (text, "%s %u",
                            k == 0               ? ""
                            : k + 1 == slow->len ? " and"
                                                 : ",",
                            g_array_index (slow, guint, k));
  g_string_append_printf (
      text,
      " %s not needed, but %s kept so that logigram solves the puzzle%s "
      "within the work limit (%" G_GUINT64_FORMAT " node%s of search).",
      slow->len == 1 ? "is" : "are", slow->len == 1 ? "was" : "were",
      gen->opt.contradict ? " without its false clue" : "", gen->opt.work_limit,
      gen->opt.work_limit == 1 ? "" : "s");
  g_auto (GStrv) words = g_strsplit (text->str, " ", -1);
  g_string_free (text, TRUE);
  gsize line = s->len;
  g_string_append_c (s, '#');
  for (char **w = words; *w; w++)
    {
      if (s->len - line + 1 + strlen (*w) > 78)
        {
          g_string_append (s, "\n#");
          line = s->len - 1;
        }
      g_string_append_printf (s, " %s", *w);
    }
  g_string_append_c (s, '\n');
}

char *
lg_gen_to_lgm (LgGen *gen)
{
  g_return_val_if_fail (gen->done, NULL);
  const LgGenOptions *o = &gen->opt;
  guint n = gen->n;
  GString *s = g_string_new (NULL);
  g_string_append_printf (
      s,
      "# A logic-grid puzzle of %u groups of %u items, made by\n"
      "#   logigram-gen --items %u --groups %u --seed %" G_GUINT64_FORMAT,
      gen->n_groups, n, n, gen->n_groups, o->seed);
  if (o->max_solutions != 1)
    g_string_append_printf (s, " --solutions %" G_GUINT64_FORMAT,
                            o->max_solutions);
  if (o->minimise)
    g_string_append (s, " --minimise");
  if (o->contradict)
    g_string_append (s, " --contradict");
  if (o->answer)
    g_string_append (s, " --answer");
  if (o->logic)
    g_string_append (s, " --logic");
  if (o->work_limit != LG_GEN_WORK_LIMIT)
    g_string_append_printf (s, " --work-limit %" G_GUINT64_FORMAT,
                            o->work_limit);
  g_string_append (s, "\n");
  g_string_append_printf (s,
                          "# %c%s people live in a row of %s houses, one in "
                          "each; every person has\n"
                          "# exactly one item of each group below, and no "
                          "two people share one.\n",
                          g_ascii_toupper (count_words (n)[0]),
                          count_words (n) + 1, count_words (n));
  guint n_clues = gen->clues->len;
  guint64 true_count = gen->n_true;
  g_string_append_printf (s, "# %u clue%s", n_clues, n_clues == 1 ? "" : "s");
  if (o->contradict)
    g_string_append_printf (s,
                            ", but clue %u is false: no solution "
                            "(without it: %" G_GUINT64_FORMAT " solution%s).\n",
                            gen->false_clue, true_count,
                            true_count == 1 ? "" : "s");
  else if (o->max_solutions == 1)
    g_string_append (s, "; exactly 1 solution.\n");
  else
    g_string_append_printf (
        s,
        "; %" G_GUINT64_FORMAT " solution%s (at most %" G_GUINT64_FORMAT
        " asked).\n",
        gen->n_solutions, gen->n_solutions == 1 ? "" : "s", o->max_solutions);
  if (gen->n_untested)
    g_string_append_printf (s,
                            "# %u of them kept untested: their searches "
                            "stopped at the work limit,\n"
                            "# so the clues may not be minimal.\n",
                            gen->n_untested);
  if (gen->slow->len)
    append_slow (gen, s);
  g_string_append_c (s, '\n');
  g_autofree char *decl = lg_gen_declarations (gen);
  g_string_append (s, decl);
  g_string_append_c (s, '\n');
  for (guint i = 0; i < n_clues; i++)
    {
      const LgGenClue *c = &g_array_index (gen->clues, LgGenClue, i);
      g_autofree char *sentence = lg_gen_clue_sentence (gen, c);
      g_autofree char *rules = lg_gen_clue_rules (gen, c);
      append_clue_line (s, sentence);
      g_string_append (s, rules);
    }
  if (o->answer)
    append_answer (gen, s);
  return g_string_free (s, FALSE);
}
