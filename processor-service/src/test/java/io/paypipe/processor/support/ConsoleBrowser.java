package io.paypipe.processor.support;

import static org.assertj.core.api.Assertions.fail;

import io.paypipe.core.signin.OperatorCredentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.function.Function;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.PageLoadStrategy;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.chromium.ChromiumDriverLogLevel;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Debian chromium driven through Debian's chromedriver (never a downloaded
 * one: both paths are given, so Selenium Manager is not asked), with a screenshot of each
 * step under {@code target/console-screenshots/}. Missing chromium or chromedriver fails
 * the test, naming the packages: CI ({@code .ci/run}) installs them.
 */
public final class ConsoleBrowser implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

    private final WebDriver driver;

    private final String base;

    private final String name;

    private int step;

    private ConsoleBrowser(WebDriver driver, String base, String name) {
        this.driver = driver;
        this.base = base;
        this.name = name;
    }

    /** Fails, naming what to install, unless chromium and chromedriver are there. */
    public static void requireChromium() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            fail("the console's browser tests need Debian's chromium (" + CHROMIUM + ") and chromium-driver ("
                    + CHROMEDRIVER + "): apt-get install -y chromium chromium-driver (.ci/run installs them)");
        }
    }

    public static ConsoleBrowser open(int port, String name) {
        requireChromium();
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
            .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000");
        options.setPageLoadStrategy(PageLoadStrategy.EAGER);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .withLogFile(Path.of("target", "chromedriver-" + name + ".log").toFile())
            .withLogLevel(ChromiumDriverLogLevel.DEBUG)
            .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        return new ConsoleBrowser(driver, "http://127.0.0.1:" + port, name);
    }

    public WebDriver driver() {
        return driver;
    }

    public void go(String path) {
        driver.get(base + path);
    }

    /** Opens the console, is sent to the login form and signs in there. */
    public void signIn(OperatorCredentials account) {
        go("/console");
        wait(Duration.ofSeconds(30), (d) -> d.getCurrentUrl().endsWith("/login"));
        screenshot("login-form");
        driver.findElement(By.name("username")).sendKeys(account.user());
        driver.findElement(By.name("password")).sendKeys(account.password());
        driver.findElement(By.cssSelector("button[type=submit]")).click();
        wait(Duration.ofSeconds(30), (d) -> d.getCurrentUrl().matches(".*/console([?].*)?"));
        screenshot("signed-in");
    }

    public <T> T wait(Duration atMost, Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, atMost, Duration.ofMillis(500)).until(condition::apply);
    }

    public String text(By by) {
        return driver.findElement(by).getText();
    }

    /** The page's CSRF token (every page has one: the sign-out form). */
    public String csrfToken() {
        return driver.findElement(By.cssSelector("input[name=_csrf]")).getDomAttribute("value");
    }

    public String sessionCookie() {
        return "JSESSIONID=" + driver.manage().getCookieNamed("JSESSIONID").getValue();
    }

    public void screenshot(String what) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(png, SCREENSHOTS.resolve("%s-%02d-%s.png".formatted(name, ++step, what)),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        catch (IOException e) {
            throw new IllegalStateException("screenshot " + what + " not saved", e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }

}
