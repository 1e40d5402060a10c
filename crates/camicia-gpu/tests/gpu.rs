//! The GPU engine against the CPU engines, summary by summary and game by game, on the machine's
//! GPU (in CI, Mesa's lavapipe: the same shaders on the processor).
//!
//! Where the machine has no GPU adapter, the trials are reported as ignored with the reason,
//! except under CI (`CI` set), where a missing adapter is a failure: `.ci/run` installs Debian's
//! `mesa-vulkan-drivers`.

use camicia::bulk::Bulk;
use camicia::deal::Dealer;
use camicia::engine::Engine;
use camicia::search::{Haul, Keep};
use camicia_gpu::Gpu;
use libtest_mimic::{Arguments, Failed, Trial};
use std::sync::OnceLock;

/// The machine's GPU engine, opened once for all trials.
fn gpu() -> Result<&'static Gpu, Failed> {
    static GPU: OnceLock<Result<Gpu, String>> = OnceLock::new();
    GPU.get_or_init(|| Gpu::open(Engine::scalar()).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| Failed::from(e.as_str()))
}

/// Keeps every game: each finished game is a long one, so two hauls agree game by game.
const EVERY_GAME: Keep = Keep {
    top: 5,
    min_cards: Some(0),
};

/// What a haul found, comparable.
fn finds(haul: &Haul) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        haul.deals,
        haul.loops.clone(),
        haul.long.clone(),
        haul.top.games(),
        haul.best,
    )
}

/// The GPU gave what the CPU gives, and it used the GPU to do it.
fn same<T: PartialEq + std::fmt::Debug>(gpu: &Gpu, on_gpu: T, on_cpu: T) -> Result<(), Failed> {
    if let Some(why) = gpu.failure() {
        return Err(format!("the GPU failed: {why}").into());
    }
    if on_gpu != on_cpu {
        return Err(format!("the GPU gave\n{on_gpu:?}\nthe CPU\n{on_cpu:?}").into());
    }
    Ok(())
}

fn every_random_game_is_the_cpu_engines() -> Result<(), Failed> {
    let gpu = gpu()?;
    let dealer = Dealer::new(21);
    let deals = 1_000..41_000;
    same(
        gpu,
        finds(&gpu.haul_dealt(&dealer, deals.clone(), EVERY_GAME)),
        finds(&Engine::best().haul_dealt(&dealer, deals, EVERY_GAME)),
    )
}

fn random_stats_are_the_cpu_engines() -> Result<(), Failed> {
    let gpu = gpu()?;
    let dealer = Dealer::new(1);
    same(
        gpu,
        gpu.stats(&dealer, 0..50_000),
        Engine::best().stats(&dealer, 0..50_000),
    )
}

fn main() {
    let arguments = Arguments::from_args();
    let trials: Vec<(&str, fn() -> Result<(), Failed>)> = vec![
        (
            "every_random_game_is_the_cpu_engines",
            every_random_game_is_the_cpu_engines,
        ),
        (
            "random_stats_are_the_cpu_engines",
            random_stats_are_the_cpu_engines,
        ),
    ];
    let in_ci = std::env::var_os("CI").is_some();
    let missing = match gpu() {
        Ok(gpu) => {
            eprintln!("GPU: {}", gpu.adapter());
            false
        }
        Err(why) => {
            if !in_ci {
                eprintln!(
                    "GPU tests ignored: {} (Debian: apt-get install mesa-vulkan-drivers); under \
                     CI they fail instead",
                    why.message().unwrap_or("no GPU")
                );
            }
            true
        }
    };
    let trials = trials
        .into_iter()
        .map(|(name, test)| Trial::test(name, test).with_ignored_flag(missing && !in_ci))
        .collect();
    libtest_mimic::run(&arguments, trials).exit();
}
