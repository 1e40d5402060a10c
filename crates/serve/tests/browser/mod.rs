//! The pages tested as a player uses them: headless Chromium, driven through chromedriver
//! (WebDriver), against a server started in this process on a free port.
//!
//! Every trial has a browser session of its own and fails when the page logged an error to its
//! console or a request it made failed. Screenshots go to `target/screenshots/`.
//!
//! Where the machine has no Chromium or chromedriver, the trials are reported as ignored with the
//! reason, except under CI (`CI` set), where a missing browser is a failure: `.ci/run` installs
//! Debian's `chromium` and `chromium-driver`.

mod camicia;
mod hiq;
mod pages;
mod pictures;
mod russian;
mod speed;
mod speed_versus;
mod themes;
mod token;

use fantoccini::actions::{InputSource, MOUSE_BUTTON_LEFT, MouseActions, PointerAction};
use fantoccini::wd::{Capabilities, WebDriverCompatibleCommand};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use libtest_mimic::{Completion, Failed, Trial};
use serde_json::{Value, json};
use std::future::Future;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// What a trial returns: `Err` with what went wrong.
pub type Outcome = Result<(), Failure>;

/// What went wrong in a trial.
pub type Failure = Box<dyn std::error::Error + Send + Sync>;

/// A trial's body: an async function of the page it drives.
pub type TestFn = fn(Page) -> Pin<Box<dyn Future<Output = Outcome> + Send>>;

/// `trials![a, b];`: a module's `trials()`, its trials by name, of the async functions `a` and
/// `b`, each `async fn(Page) -> Outcome`.
#[macro_export]
macro_rules! trials {
    ($($test:ident),* $(,)?) => {
        pub fn trials() -> Vec<(&'static str, $crate::browser::TestFn)> {
            vec![$((stringify!($test), (|page| Box::pin($test(page))) as $crate::browser::TestFn)),*]
        }
    };
}

/// The longest a [`Page::wait_for`] waits before the trial fails.
pub const WAIT: Duration = Duration::from_secs(15);

/// One browser session on the server: a trial's way to the page.
pub struct Page {
    /// The WebDriver session, for what the helpers below do not cover.
    pub client: Client,
    base: String,
}

/// The error a trial fails with, carrying `message`.
pub fn fail(message: impl Into<String>) -> Failure {
    message.into().into()
}

/// The items of a JSON array; none of anything else.
pub fn items(value: &Value) -> std::slice::Iter<'_, Value> {
    value.as_array().map_or([].iter(), |array| array.iter())
}

impl Page {
    /// Opens `path` (`/hiq?…`) on the server and waits for the document to load.
    pub async fn open(&self, path: &str) -> Outcome {
        self.client.goto(&format!("{}{path}", self.base)).await?;
        Ok(())
    }

    /// The first element that `css` selects.
    pub async fn find(
        &self,
        css: &str,
    ) -> Result<fantoccini::elements::Element, fantoccini::error::CmdError> {
        self.client.find(Locator::Css(css)).await
    }

    /// Clicks the first element that `css` selects.
    pub async fn click(&self, css: &str) -> Outcome {
        self.find(css).await?.click().await?;
        Ok(())
    }

    /// How many elements `css` selects.
    pub async fn count(&self, css: &str) -> Result<usize, Failure> {
        let count = self
            .eval(
                "return document.querySelectorAll(arguments[0]).length;",
                vec![Value::from(css)],
            )
            .await?;
        count
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| fail(format!("no count of {css}: {count}")))
    }

    /// Presses `key` on the element that has the focus.
    pub async fn press(&self, key: fantoccini::key::Key) -> Outcome {
        self.client
            .active_element()
            .await?
            .send_keys(&key.to_string())
            .await?;
        Ok(())
    }

    /// The text of the first element that `css` selects, as the player sees it.
    pub async fn text(&self, css: &str) -> Result<String, fantoccini::error::CmdError> {
        self.find(css).await?.text().await
    }

    /// The API's answer to GET `path`, asked from inside the page, as the page asks it.
    pub async fn get(&self, path: &str) -> Result<Value, Failure> {
        let script = "return fetch(arguments[0]).then(r => r.json());";
        Ok(self.eval(script, vec![json!(path)]).await?)
    }

    /// The API's answer to POST `body` to `path`, asked from inside the page.
    pub async fn post(&self, path: &str, body: &str) -> Result<Value, Failure> {
        let script =
            "return fetch(arguments[0], {method: 'POST', body: arguments[1]}).then(r => r.json());";
        Ok(self.eval(script, vec![json!(path), json!(body)]).await?)
    }

    /// Runs `script` (a function body; `arguments[0]`… are `args`) in the page and returns
    /// what it returns.
    pub async fn eval(
        &self,
        script: &str,
        args: Vec<Value>,
    ) -> Result<Value, fantoccini::error::CmdError> {
        self.client.execute(script, args).await
    }

    /// Waits until the script `condition` (a function body returning a value) returns a value
    /// that is neither false nor null, and returns it; fails after [`WAIT`] naming `what`.
    pub async fn wait_for(&self, what: &str, condition: &str) -> Result<Value, Failure> {
        self.wait_for_within(what, condition, WAIT).await
    }

    /// [`Page::wait_for`], waiting at most `within`.
    pub async fn wait_for_within(
        &self,
        what: &str,
        condition: &str,
        within: Duration,
    ) -> Result<Value, Failure> {
        let start = Instant::now();
        loop {
            let value = self.eval(condition, vec![]).await?;
            if !matches!(value, Value::Null | Value::Bool(false)) {
                return Ok(value);
            }
            if start.elapsed() > within {
                return Err(fail(format!("waited {} s for {what}", within.as_secs())));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Waits until the text of the element `css` contains `part`, and returns the text.
    pub async fn wait_text(&self, css: &str, part: &str) -> Result<String, Failure> {
        let script = "const e = document.querySelector(arguments[0]); \
                      return e && e.innerText.includes(arguments[1]) ? e.innerText : null;";
        let start = Instant::now();
        loop {
            let value = self.eval(script, vec![json!(css), json!(part)]).await?;
            if let Value::String(text) = value {
                return Ok(text);
            }
            if start.elapsed() > WAIT {
                let now = self.text(css).await.unwrap_or_else(|e| format!("({e})"));
                return Err(fail(format!(
                    "waited {} s for {css} to say {part:?}; it says {now:?}",
                    WAIT.as_secs()
                )));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Sets the window's inner size to `width` × `height` CSS pixels.
    pub async fn resize(&self, width: u32, height: u32) -> Outcome {
        self.client.set_window_size(width, height).await?;
        // The window's size counts its frame; the page is what must measure width × height.
        let inner = self
            .eval("return [window.innerWidth, window.innerHeight];", vec![])
            .await?;
        let (w, h) = (
            inner[0].as_u64().unwrap_or(0),
            inner[1].as_u64().unwrap_or(0),
        );
        let (dw, dh) = (
            u64::from(width).saturating_sub(w),
            u64::from(height).saturating_sub(h),
        );
        if dw > 0 || dh > 0 {
            self.client
                .set_window_size(width + dw as u32, height + dh as u32)
                .await?;
        }
        Ok(())
    }

    /// A screenshot of the window at `width` × `height`, saved as
    /// `target/screenshots/NAME-WIDTHxHEIGHT.png`; returns its path.
    /// Presses the mouse on the element `from` selects and moves it, in `ms`, onto the one `to`
    /// selects, without letting go.
    pub async fn drag_onto(&self, from: &str, to: &str, ms: u64) -> Outcome {
        let step = |element, ms| PointerAction::MoveToElement {
            element,
            duration: Some(Duration::from_millis(ms)),
            x: 0.0,
            y: 0.0,
        };
        let mouse = MouseActions::new("mouse".into())
            .then(step(self.find(from).await?, 0))
            .then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            })
            .then(step(self.find(to).await?, ms));
        self.client.perform_actions(mouse).await?;
        Ok(())
    }

    /// Lets go of the mouse.
    pub async fn let_go(&self) -> Outcome {
        let mouse = MouseActions::new("mouse".into()).then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
        self.client.perform_actions(mouse).await?;
        Ok(())
    }

    pub async fn screenshot(
        &self,
        name: &str,
        width: u32,
        height: u32,
    ) -> Result<PathBuf, Failure> {
        self.resize(width, height).await?;
        // Let the layout settle after the resize.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let png = self.client.screenshot().await?;
        let dir = screenshots();
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(format!("{name}-{width}x{height}.png"));
        std::fs::write(&path, png)?;
        Ok(path)
    }

    /// What the page logged as errors since the last call: console errors, uncaught exceptions
    /// and requests that failed.
    pub async fn errors(&self) -> Result<Vec<String>, fantoccini::error::CmdError> {
        let log = Chromedriver {
            path: "se/log",
            body: json!({"type": "browser"}),
        };
        let entries = self.client.issue_cmd(log).await?;
        Ok(items(&entries)
            .filter(|e| e["level"] == "SEVERE")
            .map(|e| e["message"].as_str().unwrap_or_default().to_owned())
            .collect())
    }
}

impl Page {
    /// Runs the command `cmd` of Chrome's DevTools protocol with `params`, through
    /// chromedriver; its answer.
    pub async fn devtools(&self, cmd: &str, params: Value) -> Result<Value, Failure> {
        let command = Chromedriver {
            path: "goog/cdp/execute",
            body: json!({"cmd": cmd, "params": params}),
        };
        Ok(self.client.issue_cmd(command).await?)
    }

    /// Has the browser report `prefers-reduced-motion: reduce` to the page, as a player's
    /// setting does.
    pub async fn reduce_motion(&self) -> Outcome {
        self.emulate("prefers-reduced-motion", "reduce").await
    }

    /// Has the browser report the media feature `name` (`prefers-color-scheme`) as `value`
    /// (`dark`) to the page, as a player's setting does.
    pub async fn emulate(&self, name: &str, value: &str) -> Outcome {
        let features = json!({"features": [{"name": name, "value": value}]});
        self.devtools("Emulation.setEmulatedMedia", features)
            .await?;
        Ok(())
    }
}

/// A command of chromedriver's own, which WebDriver has none of: `body` posted to the session's
/// `path` (`se/log`, the page's console; `goog/cdp/execute`, Chrome's DevTools protocol).
#[derive(Debug)]
struct Chromedriver {
    path: &'static str,
    body: Value,
}

impl WebDriverCompatibleCommand for Chromedriver {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.path
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.body.to_string()))
    }
}

/// `target/screenshots`, beside the build.
pub fn screenshots() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("screenshots")
}

/// A child process killed when dropped, or by [`Killed::kill`] where it never is: the shared
/// [`World`] lives in a static, and libtest-mimic ends the process without dropping it.
struct Killed(std::sync::Mutex<Child>);

impl Killed {
    fn new(child: Child) -> Killed {
        Killed(std::sync::Mutex::new(child))
    }

    fn kill(&self) {
        if let Ok(mut child) = self.0.lock() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Killed {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The server and the browser's driver, started once and shared by every trial. The server
/// ends with the process.
struct World {
    base: String,
    driver: String,
    _server: serve::Server,
    chromedriver: Killed,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port on 127.0.0.1")
}

/// chromedriver on a free port, once it answers.
fn start_chromedriver(path: &Path) -> Result<(Killed, String), String> {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
    let child = Killed::new(child);
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if start.elapsed() > Duration::from_secs(20) {
            return Err("chromedriver did not listen within 20 s".into());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Ok((child, format!("http://127.0.0.1:{port}")))
}

/// The first of `names` found on PATH or as an absolute path.
fn find_program(names: &[&str]) -> Option<PathBuf> {
    names.iter().find_map(|name| {
        let path = Path::new(name);
        if path.is_absolute() {
            return path.is_file().then(|| path.to_owned());
        }
        std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|dir| dir.join(name))
            .find(|p| p.is_file())
    })
}

static WORLD: OnceLock<Result<World, String>> = OnceLock::new();

fn world() -> &'static Result<World, String> {
    WORLD.get_or_init(|| {
        find_program(&["chromium", "chromium-browser", "google-chrome"]).ok_or(
            "no Chromium on this machine (Debian: apt-get install chromium chromium-driver)",
        )?;
        let chromedriver = find_program(&["chromedriver", "/usr/lib/chromium/chromedriver"])
            .ok_or("no chromedriver on this machine (Debian: apt-get install chromium-driver)")?;
        let server = serve::Server::bind(([127, 0, 0, 1], 0).into())
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let base = format!("http://{}", server.address());
        let (chromedriver, driver) = start_chromedriver(&chromedriver)?;
        Ok(World {
            base,
            driver,
            _server: server,
            chromedriver,
        })
    })
}

fn capabilities() -> Capabilities {
    let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"])
        .map(|p| p.display().to_string());
    let profile = std::env::temp_dir().join(format!(
        "parlor-browser-{}-{}",
        std::process::id(),
        PROFILES.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let options = json!({
        "binary": chromium,
        // As root on a machine with a closed network: no sandbox, no calls home.
        "args": [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-extensions",
            "--window-size=1280,800", "--hide-scrollbars", "--force-device-scale-factor=1",
            format!("--user-data-dir={}", profile.display()),
        ],
    });
    let mut capabilities = Capabilities::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    capabilities.insert("goog:loggingPrefs".into(), json!({"browser": "ALL"}));
    capabilities
}

static PROFILES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

async fn run_trial(world: &World, test: TestFn) -> Outcome {
    let client = ClientBuilder::new(HttpConnector::new())
        .capabilities(capabilities())
        .connect(&world.driver)
        .await?;
    let page = Page {
        client: client.clone(),
        base: world.base.clone(),
    };
    let mut outcome = test(page).await;
    if outcome.is_ok() {
        let page = Page {
            client: client.clone(),
            base: world.base.clone(),
        };
        match page.errors().await {
            Ok(errors) if errors.is_empty() => {}
            Ok(errors) => {
                outcome = Err(fail(format!(
                    "the page logged errors:\n  {}",
                    errors.join("\n  ")
                )))
            }
            Err(e) => outcome = Err(fail(format!("cannot read the page's log: {e}"))),
        }
    }
    let _ = client.close().await;
    outcome
}

/// Every page's trials, each with a browser session of its own; ignored, with the reason, where
/// the machine has no browser, except under CI.
pub fn trials() -> Vec<Trial> {
    let mut tests = hiq::trials();
    tests.extend(russian::trials());
    tests.extend(camicia::trials());
    tests.extend(speed::trials());
    tests.extend(speed_versus::trials());
    tests.extend(pages::trials());
    tests.extend(pictures::trials());
    tests.extend(themes::trials());
    tests.extend(token::trials());
    let in_ci = std::env::var_os("CI").is_some();
    let missing = find_program(&["chromium", "chromium-browser", "google-chrome"]).is_none()
        || find_program(&["chromedriver", "/usr/lib/chromium/chromedriver"]).is_none();
    tests
        .into_iter()
        .map(|(name, test)| {
            Trial::ignorable_test(format!("browser::{name}"), move || {
                // Without a browser the trials cannot run: say so rather than pass, and fail in
                // CI, where .ci/run installs one.
                if missing && !in_ci {
                    return Ok(Completion::ignored_with(
                        "no Chromium and chromedriver on this machine (Debian: apt-get install \
                         chromium chromium-driver); under CI they fail instead",
                    ));
                }
                let world = match world() {
                    Ok(world) => world,
                    Err(why) => return Err(Failed::from(why.as_str())),
                };
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .map_err(|e| Failed::from(e.to_string()))?;
                runtime
                    .block_on(run_trial(world, test))
                    .map(|()| Completion::Completed)
                    .map_err(|e| Failed::from(e.to_string()))
            })
        })
        .collect()
}

/// Ends what the trials started that the process's end would not: chromedriver.
pub fn finish() {
    if let Some(Ok(world)) = WORLD.get() {
        world.chromedriver.kill();
    }
}
