/*
 * bot.c - the woodsword bot: Wood-Sword's unified weighted-random AI (see
 * bot.h for the rules it keeps). Every step reads the view afresh: the
 * aggro it needs is in the view (dealt_to_viewer), so it keeps no memory
 * but its random generator and allocates nothing after bot_new. It never
 * buys missiles; should it ever have to place some, it places them
 * uniformly at random. It does not look ahead or model the other bots.
 *
 * Amounts in the view are half units; the weights below work in points
 * (doubles), as the reference implementation does.
 */
#include "bot.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct woodsword_bot {
    sapper_rng rng;   /* seeded from setup->seed: the only randomness */
    int32_t seat;
} woodsword_bot;

/* One decision's reading of the view. */
typedef struct reading {
    const sapper_arena_view *v;
    const sapper_arena_seat *seat[SAPPER_ARENA_MAX_SEATS];
    int32_t me;
    int32_t enemy[SAPPER_ARENA_MAX_SEATS];   /* alive opponents */
    int32_t nenemies;
    double threat;                           /* predicted incoming damage */
    const int64_t *legal;
    size_t nlegal;
    sapper_arena_terms terms[SAPPER_ARENA_VERBS];   /* the game's, from the view */
    int32_t prep_bonus;
    /* read once a decision, so that scoring a target costs no walk over
       the seats: */
    int32_t above_3;       /* alive seats with more than 3 points          */
    int32_t at_5;          /* alive seats with at least 5 points           */
    int32_t top_dealt;     /* the most any enemy dealt the bot this match  */
    int32_t lowest;        /* the fewest points of an enemy                */
    int32_t strong[2][2];  /* the two richest enemies without and with prep
                              ready (-1: none): the strongest attacks      */
} reading;

/* What verb costs and deals in this game, in half units (the view's
   terms: the bot knows no balance of its own). */
static int32_t cost_of(const reading *r, int32_t verb, int32_t count)
{
    return sapper_arena_terms_cost(&r->terms[verb], count);
}

static int32_t damage_of(const reading *r, int32_t verb, int32_t count, int32_t prep)
{
    int32_t bonus = prep && sapper_arena_is_attack(verb) ? r->prep_bonus : 0;
    return sapper_arena_terms_damage(&r->terms[verb], count, bonus);
}

sapper_status woodsword_bot_new(const sapper_params *params,
                                const sapper_bot_setup *setup, void **bot,
                                char *err, size_t errcap)
{
    (void)params;   /* no parameters */
    if (!bot || !setup ||
        setup->struct_size < offsetof(sapper_bot_setup, seed) + sizeof setup->seed) {
        if (err && errcap)
            snprintf(err, errcap, "woodsword: no usable bot setup");
        return SAPPER_ERR_STATE;
    }
    woodsword_bot *b = malloc(sizeof *b);
    if (!b)
        return SAPPER_ERR_NOMEM;
    sapper_rng_seed(&b->rng, setup->seed);
    b->seat = setup->seat;
    *bot = b;
    return SAPPER_OK;
}

void woodsword_bot_free(void *bot)
{
    free(bot);
}

/* ------------------------------------------------------------------ */
/* Small helpers.                                                      */
/* ------------------------------------------------------------------ */

static double points_of(const sapper_arena_seat *p)
{
    return p->points / 2.0;
}

static double max2(double a, double b)
{
    return a > b ? a : b;
}

static double min2(double a, double b)
{
    return a < b ? a : b;
}

/* Rounds to the nearest half point, halves up. */
static double to_half(double x)
{
    return floor(x * 2.0 + 0.5) / 2.0;
}

static int is_legal(const reading *r, int64_t id)
{
    size_t lo = 0, hi = r->nlegal;
    while (lo < hi) {   /* the legal list is ascending */
        size_t mid = lo + (hi - lo) / 2;
        if (r->legal[mid] == id)
            return 1;
        if (r->legal[mid] < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Some alive seat other than `who` has more than 3 points. */
static int can_use_dt(const reading *r, int32_t who)
{
    const sapper_arena_seat *p = r->seat[who];
    return r->above_3 - (p->alive && p->points > 6) > 0;
}

/* Some alive seat other than `who` has at least 5 points. */
static int can_use_high(const reading *r, int32_t who)
{
    const sapper_arena_seat *p = r->seat[who];
    return r->at_5 - (p->alive && p->points >= 10) > 0;
}

/* Index drawn with probability proportional to w[i] (> 0), or -1. */
static int32_t weighted_pick(sapper_rng *rng, const double *w, int32_t n)
{
    double total = 0;
    int32_t last = -1;
    for (int32_t i = 0; i < n; i++)
        if (w[i] > 0) {
            total += w[i];
            last = i;
        }
    if (last < 0)
        return -1;
    double pick = sapper_rng_unit(rng) * total;
    for (int32_t i = 0; i < n; i++) {
        if (w[i] <= 0)
            continue;
        pick -= w[i];
        if (pick <= 0)
            return i;
    }
    return last;
}

/* ------------------------------------------------------------------ */
/* Threat and vulnerability.                                           */
/* ------------------------------------------------------------------ */

/* The most damage enemy e could deal one seat this round. */
static double enemy_max_attack(const reading *r, const sapper_arena_seat *e)
{
    double prep = e->prep ? 1.0 : 0.0;
    double best = prep;
    if (e->points > 0)   /* fists scale with points */
        best = max2(best, to_half(points_of(e) + prep));
    for (int32_t verb = SAPPER_ARENA_FIST; verb <= SAPPER_ARENA_ENCHANTED_SWORD; verb++)
        if (cost_of(r, verb, 1) <= e->points)
            best = max2(best, damage_of(r, verb, 1, e->prep) / 2.0);
    return best;
}

/* Strongest threat + half the second + a quarter per further enemy. An
   enemy's best attack grows with its points, so the two strongest are
   among the two richest with prep ready and the two richest without. */
static double predict_threat(const reading *r)
{
    double first = 0, second = 0;
    for (int32_t k = 0; k < 4; k++) {
        int32_t e = r->strong[k / 2][k % 2];
        if (e < 0)
            continue;
        double t = enemy_max_attack(r, r->seat[e]);
        if (t > first) {
            second = first;
            first = t;
        } else if (t > second) {
            second = t;
        }
    }
    double crowd = max2(0, r->nenemies - 2) * 0.25;
    return to_half(first + 0.5 * second + crowd);
}

/* The highest block the target can likely afford and is allowed. */
static double likely_ceiling(const reading *r, int32_t target)
{
    const sapper_arena_seat *t = r->seat[target];
    double ceiling = 3;
    if (t->points >= 2 && can_use_dt(r, target))
        ceiling = 4;
    if (t->points >= 6 && can_use_high(r, target))
        ceiling = 6;
    return ceiling;
}

/* 2x against the top damage dealer of this match, 1.5x against the
   lowest-points enemies. */
static double aggro(const reading *r, int32_t target)
{
    double m = 1;
    if (r->top_dealt > 0 && r->seat[target]->dealt_to_viewer == r->top_dealt)
        m *= 2;
    if (r->seat[target]->points == r->lowest)
        m *= 1.5;
    return m;
}

/* How attractive target is for `damage` points of direct attack. */
static double target_score(const reading *r, int32_t target, double damage)
{
    const sapper_arena_seat *t = r->seat[target];
    double score = 0.4 + max2(0, damage - likely_ceiling(r, target)) * 2.2;
    score += max2(0, 2 - t->shields) * 0.9;
    score += max2(0, 3 - points_of(t)) * 0.3;
    if (t->prep)
        score += 0.4;
    return max2(0.05, score * aggro(r, target));
}

static double best_target_score(const reading *r, double damage)
{
    double best = 0.1;
    for (int32_t k = 0; k < r->nenemies; k++)
        best = max2(best, target_score(r, r->enemy[k], damage));
    return best;
}

/* ------------------------------------------------------------------ */
/* Weights of verbs.                                                   */
/* ------------------------------------------------------------------ */

/* Overflow prevented per cost, with the reference's nudges. */
static double defense_score(const reading *r, int32_t verb)
{
    const sapper_arena_seat *me = r->seat[r->me];
    int32_t lo = r->terms[verb].block_lo, hi = r->terms[verb].block_hi;
    double overflow = r->threat < lo / 2.0 ? lo / 2.0 - r->threat
                    : r->threat > hi / 2.0 ? r->threat - hi / 2.0 : 0;
    double cost = cost_of(r, verb, 1) / 2.0;
    double score = max2(0.1, 4.5 - overflow * 1.8 - cost * 0.8);
    if (verb == SAPPER_ARENA_SHIELD)
        score += (me->shields < 2 ? 0.8 : 0) +
                 max2(0, ceil(r->threat / 2) - me->shields) * 0.4;
    if (verb == SAPPER_ARENA_PREP && r->threat <= 1)
        score += 0.8;
    if (verb == SAPPER_ARENA_DEFENSE && r->threat <= 3)
        score += 0.5;
    return max2(0.05, score);
}

static double verb_weight(const reading *r, int32_t verb)
{
    const sapper_arena_seat *me = r->seat[r->me];
    if (verb == SAPPER_ARENA_GATHER)
        return max2(0.05, 1 + max2(0, 2.5 - points_of(me)) * 0.8 -
                              min2(2, r->threat) * 0.5);
    if (sapper_arena_is_defense(verb))
        return max2(0.05, defense_score(r, verb) * (1 + min2(2, r->threat) * 0.3));
    if (verb == SAPPER_ARENA_LLAMA)
        return max2(0.05, 1.3 + max2(0, r->nenemies - 1) * 0.7 - r->threat * 0.2);
    if (sapper_arena_is_attack(verb)) {
        double base = damage_of(r, verb, 1, me->prep) / 2.0;
        return max2(0.05, best_target_score(r, base) + base * 0.15 - r->threat * 0.15);
    }
    return 0;
}

/* May the bot consider verb at all? (The baseline's filters.) */
static int verb_allowed(const reading *r, int32_t verb)
{
    const sapper_arena_seat *me = r->seat[r->me];
    if (verb == SAPPER_ARENA_MISSILE || verb == SAPPER_ARENA_ALLOCATE)
        return 0;
    if (verb == SAPPER_ARENA_SHIELD && me->shields >= 2)
        return 0;
    if (verb == SAPPER_ARENA_DT_DEFENSE && !can_use_dt(r, r->me))
        return 0;
    if ((verb == SAPPER_ARENA_HOLLOW_DEFENSE || verb == SAPPER_ARENA_SUPERIOR_DEFENSE) &&
        !can_use_high(r, r->me))
        return 0;
    if (cost_of(r, verb, 1) > me->points)
        return 0;
    int32_t target = sapper_arena_has_target(verb) ? r->enemy[0] : 0;
    return is_legal(r, sapper_arena_action(verb, target, 1));
}

/* ------------------------------------------------------------------ */
/* Choosing.                                                           */
/* ------------------------------------------------------------------ */

static int32_t pick_target(woodsword_bot *b, const reading *r, double damage)
{
    double w[SAPPER_ARENA_MAX_SEATS];
    for (int32_t k = 0; k < r->nenemies; k++)
        w[k] = target_score(r, r->enemy[k], damage);
    int32_t k = weighted_pick(&b->rng, w, r->nenemies);
    return r->enemy[k >= 0 ? k : 0];
}

/* The largest fist stack the legal list offers. */
static int32_t max_legal_fists(const reading *r)
{
    int32_t most = 0;
    for (size_t i = 0; i < r->nlegal; i++) {
        int32_t verb, count;
        if (sapper_arena_decode(r->legal[i], &verb, NULL, &count) &&
            verb == SAPPER_ARENA_FIST && count > most)
            most = count;
    }
    return most;
}

/* Stack size weighted by the best target's score, large stacks damped. */
static int64_t pick_fists(woodsword_bot *b, const reading *r)
{
    const sapper_arena_seat *me = r->seat[r->me];
    double prep = me->prep ? 1.0 : 0.0, w[SAPPER_ARENA_MAX_COUNT];
    int32_t most = me->points > 1 ? me->points : 1;
    int32_t offered = max_legal_fists(r);
    if (most > offered)
        most = offered;
    if (most > SAPPER_ARENA_MAX_COUNT)
        most = SAPPER_ARENA_MAX_COUNT;
    for (int32_t c = 1; c <= most; c++)
        w[c - 1] = max2(0.05, best_target_score(r, to_half(c * 0.5 + prep)) - c * 0.08);
    int32_t count = weighted_pick(&b->rng, w, most) + 1;
    if (count < 1)
        count = 1;
    int32_t target = pick_target(b, r, to_half(count * 0.5 + prep));
    return sapper_arena_action(SAPPER_ARENA_FIST, target, count);
}

static int64_t choose(woodsword_bot *b, const reading *r)
{
    int64_t gather = sapper_arena_action(SAPPER_ARENA_GATHER, 0, 1);
    int64_t defense = sapper_arena_action(SAPPER_ARENA_DEFENSE, 0, 1);
    if (r->nenemies == 0)
        return defense;
    if (r->v->round == 1)   /* the first round of every match */
        return gather;
    double w[SAPPER_ARENA_VERBS] = {0};
    int32_t any = 0;
    for (int32_t verb = 0; verb < SAPPER_ARENA_VERBS; verb++)
        if (verb_allowed(r, verb)) {
            w[verb] = verb_weight(r, verb);
            any = 1;
        }
    int32_t verb = any ? weighted_pick(&b->rng, w, SAPPER_ARENA_VERBS) : -1;
    if (verb < 0)
        return defense;
    if (verb == SAPPER_ARENA_FIST)
        return pick_fists(b, r);
    if (!sapper_arena_has_target(verb))
        return sapper_arena_action(verb, 0, 1);
    double damage = damage_of(r, verb, 1, r->seat[r->me]->prep) / 2.0;
    return sapper_arena_action(verb, pick_target(b, r, damage), 1);
}

/* Keeps enemy i if it is one of the two richest of its kind (prep ready
   or not) so far. */
static void note_strong(reading *r, int32_t i)
{
    int32_t *top = r->strong[r->seat[i]->prep != 0];
    int32_t points = r->seat[i]->points;
    if (top[0] < 0 || points > r->seat[top[0]]->points) {
        top[1] = top[0];
        top[0] = i;
    } else if (top[1] < 0 || points > r->seat[top[1]]->points) {
        top[1] = i;
    }
}

/* The enemies, and what scoring them needs from every seat. */
static void count_seats(reading *r)
{
    r->above_3 = r->at_5 = r->top_dealt = 0;
    r->lowest = INT32_MAX;
    memset(r->strong, -1, sizeof r->strong);
    for (int32_t i = 0; i < r->v->players; i++) {
        const sapper_arena_seat *p = r->seat[i];
        if (!p->alive)
            continue;
        r->above_3 += p->points > 6;
        r->at_5 += p->points >= 10;
        if (i == r->me)
            continue;
        r->enemy[r->nenemies++] = i;
        note_strong(r, i);
        if (p->dealt_to_viewer > r->top_dealt)
            r->top_dealt = p->dealt_to_viewer;
        if (p->points < r->lowest)
            r->lowest = p->points;
    }
}

/* Fills r from the view; 0 when the view is unusable. */
static int read_view(reading *r, const void *view, size_t size, int32_t seat)
{
    const sapper_arena_view *v = view;
    r->v = v;
    r->me = seat;
    r->nenemies = 0;
    const sapper_arena_seat *first = sapper_arena_view_seat(view, size, 0);
    if (!first)   /* the view holds every seat (it checks them all) */
        return 0;
    for (int32_t i = 0; i < v->players; i++)
        r->seat[i] = (const sapper_arena_seat *)((const unsigned char *)first +
                                                 (size_t)i * v->seat_size);
    if (seat < 0 || seat >= v->players)
        return 0;
    for (int32_t verb = 0; verb < SAPPER_ARENA_VERBS; verb++)
        if (!sapper_arena_view_terms(view, size, verb, &r->terms[verb]))
            return 0;   /* rules before arena family version 3 state none */
    r->prep_bonus = sapper_arena_view_prep_bonus(view, size);
    count_seats(r);
    r->threat = predict_threat(r);
    return 1;
}

sapper_status woodsword_bot_step(void *bot, const void *view, size_t view_size,
                                 const int64_t *legal, size_t nlegal,
                                 int64_t *action)
{
    woodsword_bot *b = bot;
    reading r = { .legal = legal, .nlegal = nlegal };
    if (!b || !legal || nlegal == 0 || !action ||
        !read_view(&r, view, view_size, b->seat))
        return SAPPER_ERR_STATE;
    if (r.v->phase != SAPPER_ARENA_PHASE_CHOOSE) {   /* placing missiles */
        *action = legal[sapper_rng_below(&b->rng, nlegal)];
        return SAPPER_OK;
    }
    int64_t a = choose(b, &r);
    int64_t defense = sapper_arena_action(SAPPER_ARENA_DEFENSE, 0, 1);
    *action = is_legal(&r, a) ? a : is_legal(&r, defense) ? defense : legal[0];
    return SAPPER_OK;
}
