package io.paypipe.processor.replay;

import static io.paypipe.processor.support.Fixtures.newOrderKey;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.id.OrderKey;
import io.paypipe.processor.support.ConsoleBrowser;
import io.paypipe.processor.support.ProcessorIntegrationBase;
import io.paypipe.support.testing.OidcProvider;
import io.paypipe.support.testing.PaypipeScript;
import io.paypipe.support.testing.PaypipeScript.Run;
import io.paypipe.support.testing.OidcProvider.Person;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The processor with OIDC configured, against a real provider in this JVM
 * ({@link OidcProvider}: Spring Authorization Server on its own port) and in a real
 * browser (headless Debian chromium, {@link ConsoleBrowser}): a person signs in through
 * the provider's login page and the console shows the provider's name for them; an action
 * records that name; a viewer's console is read-only; someone in neither group is
 * refused; the API takes the provider's bearer tokens. Screenshots under
 * {@code target/console-screenshots/oidc-*}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OidcConsoleIntegrationTest extends ProcessorIntegrationBase {

    private static final Duration WAIT = Duration.ofSeconds(60);

    private static OidcProvider provider;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void oidc(DynamicPropertyRegistry registry) {
        ConsoleBrowser.requireChromium();
        provider = OidcProvider.start();
        provider.serviceProperties().forEach((key, value) -> registry.add(key, () -> value));
    }

    @AfterAll
    static void stopProvider() {
        provider.close();
    }

    @Test
    void anOperatorSignsInAtTheProviderSeesTheirNameAndTheResolveRecordsIt() {
        // Given a row set aside for a person
        OrderKey key = newOrderKey();
        long rawId = setAside(key);
        Person olga = OidcProvider.OPERATOR;

        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "oidc-operator")) {
            // When the operator signs in through the provider
            signInAtProvider(browser, olga);

            // Then the console names the provider's person, as an operator
            assertThat(browser.text(By.id("signed-in"))).isEqualTo(olga.username());
            assertThat(browser.text(By.cssSelector(".who"))).contains("operator");

            // When the operator resolves the row with a note
            browser.go("/console/manual?order=" + key.outTradeNo().value());
            WebElement row = browser.wait(WAIT, (d) -> d.findElement(By.id("raw-" + rawId)));
            row.findElement(By.name("note")).sendKeys("settled with the payer by phone");
            row.findElement(By.cssSelector("button.resolve")).click();

            // Then the page and the stored resolution name the provider's person
            browser.wait(WAIT, (d) -> !d.findElements(By.id("message")).isEmpty());
            assertThat(browser.text(By.id("message")))
                .isEqualTo("Raw " + rawId + " resolved by " + olga.username() + ".");
            browser.screenshot("resolved");
        }
        assertThat(jdbc.sql("SELECT resolved_by FROM raw_resolution WHERE raw_id = :raw")
            .param("raw", rawId)
            .query(String.class)
            .list()).containsExactly(olga.username());
    }

    @Test
    void aViewerSeesTheConsoleReadOnlyAndSomeoneInNeitherGroupIsRefused() {
        OrderKey key = newOrderKey();
        long rawId = setAside(key);
        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "oidc-viewer")) {
            signInAtProvider(browser, OidcProvider.VIEWER);
            assertThat(browser.text(By.id("signed-in"))).isEqualTo(OidcProvider.VIEWER.username());
            assertThat(browser.text(By.cssSelector(".who"))).contains("viewer: read only");
            browser.go("/console/manual?order=" + key.outTradeNo().value());
            browser.wait(WAIT, (d) -> d.findElement(By.id("raw-" + rawId)));
            assertThat(browser.driver().findElements(By.cssSelector("button.resolve"))).isEmpty();
        }
        try (ConsoleBrowser browser = ConsoleBrowser.open(port, "oidc-outsider")) {
            browser.go("/console");
            browser.wait(WAIT, (d) -> d.getCurrentUrl().endsWith("/login"));
            browser.driver().findElement(By.linkText("Test provider")).click();
            providerLogin(browser, OidcProvider.OUTSIDER);
            browser.wait(WAIT, (d) -> d.getCurrentUrl().startsWith("http://127.0.0.1:" + port + "/"));
            browser.screenshot("outsider");
            assertThat(browser.driver().getPageSource()).doesNotContain("id=\"signed-in\"");
            assertThat(browser.driver().getPageSource()).doesNotContain("Manual queue");
        }
        assertThat(db.handled(rawId)).isEqualTo(2);
    }

    @Test
    void theApiTakesTheProvidersBearerTokensWithTheirRoles() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        int viewer = http
            .send(bearer("/ops/dead-letters", provider.accessToken(OidcProvider.VIEWER)),
                    HttpResponse.BodyHandlers.discarding())
            .statusCode();
        int outsider = http
            .send(bearer("/ops/dead-letters", provider.accessToken(OidcProvider.OUTSIDER)),
                    HttpResponse.BodyHandlers.discarding())
            .statusCode();
        int expired = http
            .send(bearer("/ops/dead-letters", provider.mintExpired(OidcProvider.OPERATOR)),
                    HttpResponse.BodyHandlers.discarding())
            .statusCode();

        assertThat(viewer).isEqualTo(200);
        assertThat(outsider).isEqualTo(403);
        assertThat(expired).isEqualTo(401);
    }

    @Test
    void theCommandLineSignsInWithTheProvidersToken() throws Exception {
        // Given the processor's URL for ./paypipe
        String url = "http://127.0.0.1:" + port;

        // When the command line lists the dead letters with an operator's, an outsider's
        // and an expired token
        Run operator = dltList(url, provider.accessToken(OidcProvider.OPERATOR));
        Run outsider = dltList(url, provider.accessToken(OidcProvider.OUTSIDER));
        Run expired = dltList(url, provider.mintExpired(OidcProvider.OPERATOR));

        // Then the operator's is signed in (the table), the others are each one sentence
        assertThat(operator.exit()).as("stderr: %s", operator.err()).isZero();
        assertThat(operator.err()).isEmpty();
        outsider.failedWith(1, "paypipe dlt: your account's role may not do this: reads need VIEWER or OPERATOR,"
                + " actions need OPERATOR");
        assertThat(expired.exit()).isEqualTo(1);
        assertThat(expired.out()).isEmpty();
        assertThat(expired.err()).startsWith("paypipe dlt: the bearer token was refused").doesNotContain("curl");
    }

    /**
     * {@code ./paypipe dlt list} against the processor at {@code url} with this token.
     */
    private static Run dltList(String url, String token) throws Exception {
        return PaypipeScript.withToken(token).env("PAYPIPE_PROCESSOR_URL", url).run("dlt", "list");
    }

    /** From the console to the provider's login page and back. */
    private void signInAtProvider(ConsoleBrowser browser, Person person) {
        browser.go("/console");
        browser.wait(WAIT, (d) -> d.getCurrentUrl().endsWith("/login"));
        browser.screenshot("login-page");
        browser.driver().findElement(By.linkText("Test provider")).click();
        providerLogin(browser, person);
        browser.wait(WAIT, (d) -> d.getCurrentUrl().matches("http://127\\.0\\.0\\.1:" + port + "/console([?].*)?"));
        browser.wait(WAIT, (d) -> d.findElement(By.id("signed-in")));
        browser.screenshot("signed-in");
    }

    private void providerLogin(ConsoleBrowser browser, Person person) {
        browser.wait(WAIT, (d) -> d.getCurrentUrl().startsWith(provider.issuer() + "/login"));
        browser.screenshot("provider-login");
        browser.driver().findElement(By.name("username")).sendKeys(person.login());
        browser.driver().findElement(By.name("password")).sendKeys(person.password());
        browser.driver().findElement(By.cssSelector("button[type=submit]")).click();
    }

    private HttpRequest bearer(String path, String token) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", "Bearer " + token)
            .GET()
            .build();
    }

    private long setAside(OrderKey key) {
        return ConsoleIntegrationTest.setAside(jdbc, key);
    }

}
