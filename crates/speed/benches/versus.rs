//! The stateless step of a game against the robot, as a server answers it: the log read from
//! its text, replayed on the deal, and the game played on to the next stop. The logs are the
//! longest found: the player acting as the rule book's robot on the first 20,000 full-pack deals
//! of seed 1 (58 actions, deal 7,214, at A's seat), and a random player acting as soon as it may
//! on deals 0 to 2,999 of seed 1 cut 26/26, 36/16 and 44/8 (64 actions, deal 1,530 cut 36/16,
//! at A's seat). The step is asked from the log's last action, so it plays on to the end.

use criterion::{Criterion, criterion_group, criterion_main};
use speed::{Deal, Log, Reaction, Robot, Split, Stop};
use std::hint::black_box;

const ROBOT_LIKE: &str = "500r2,1000d2,1300l3,2300l2,3100l3,3900l2,4600d2,4900r2,5400d2,5700l3,\
6400d3,6700r3,7600r4,8100d4,8400r4,9300r1,10300r4,11300r1,12300r4,12800d4,13100r1,13600d1,13900l1,\
14600d1,14900r1,15400d1,15700r2,16200d2,16500l3,17200l4,17900d4,18200l4,19000l2,19800l4,20600l2,\
21400l4,22100d4,22400l2,23100l3,23800d3,24100l1,24800d1,25100r1,25600d1,25900r3,26400d3,26700l4,\
27400d4,27700l3,28400d3,28700r3,29200d3,29500r4,30000d4,30300r3,30800d3,31100l1,31800l3";

const RANDOM: &str = "500r4,1012l1,1716d4,2016d1,2316r2,2816d2,3657l3,4630l4,5743l1,6446d1,\
6783r1,7318d1,7648r3,8483r2,8983r3,9483d3,9783d2,10083r4,10583r3,11083d4,11383d3,11683r2,12183r1,\
12683d2,12983l4,13683d1,13983l3,14683l2,15389l1,16383d4,16683d3,16983d2,17283l4,17983l1,18683d4,\
18983d1,19283r3,19783r1,20283d1,20583d3,21410l1,22402l2,23221l1,23983l2,24705r3,25205d3,25505d2,\
25805r3,26305d3,26605l3,27354l1,28305d3,28605r3,29105l4,29805l1,30505d4,30805d1,31105d3,31405l4,\
32105l2,32805r1,33305d1,33605d4,33905d2";

/// The server's work for one request: read the log, replay it, step on from its last action.
fn answer(deal: &Deal, text: &str) -> u32 {
    let log: Log = text.parse().unwrap();
    let now = log.actions().last().map_or(0, |last| last.at);
    let step = speed::step(deal, Robot::A, Reaction::RULE_BOOK, &log, now).unwrap();
    assert!(matches!(step.stop, Stop::Over { .. }));
    step.at
}

fn step(c: &mut Criterion) {
    let robot_like = Deal::random(1, 7_214, Split::HALVES);
    let random = Deal::random(1, 1_530, Split::new(36, 16).unwrap());
    let mut group = c.benchmark_group("speed against the robot, one step");
    group.bench_function("58 actions acting as the robot", |b| {
        b.iter(|| answer(black_box(&robot_like), black_box(ROBOT_LIKE)))
    });
    group.bench_function("64 actions at random", |b| {
        b.iter(|| answer(black_box(&random), black_box(RANDOM)))
    });
    group.bench_function("the opening, no action", |b| {
        b.iter(|| {
            let log = Log::default();
            speed::step(
                black_box(&robot_like),
                Robot::A,
                Reaction::RULE_BOOK,
                &log,
                0,
            )
            .unwrap()
            .at
        })
    });
    group.bench_function("reading 64 actions", |b| {
        b.iter(|| black_box(RANDOM).parse::<Log>().unwrap().actions().len())
    });
    group.finish();
}

criterion_group!(benches, step);
criterion_main!(benches);
