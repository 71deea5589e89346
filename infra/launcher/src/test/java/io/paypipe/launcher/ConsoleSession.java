package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.signin.OperatorCredentials;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A person signed in to the processor's console through its login form, as a browser
 * keeps it: a cookie jar, the CSRF token of the last page read, redirects not followed (a
 * refusal's status is what the test sees).
 */
final class ConsoleSession {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

    private final HttpClient http = HttpClient.newBuilder()
        .cookieHandler(new CookieManager())
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();

    private final String base;

    private ConsoleSession(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    static ConsoleSession signIn(int port, OperatorCredentials account) throws Exception {
        ConsoleSession session = new ConsoleSession(port);
        String token = session.token(session.get("/login").body());
        HttpResponse<String> signedIn = session.send("/login",
                Map.of("username", account.user(), "password", account.password(), "_csrf", token));
        assertThat(signedIn.headers().firstValue("Location").orElseThrow()).endsWith("/console");
        return session;
    }

    /** A console page's HTML (200). */
    String page(String path) throws Exception {
        HttpResponse<String> page = get(path);
        assertThat(page.statusCode()).as("GET %s", path).isEqualTo(200);
        return page.body();
    }

    /**
     * Posts a page's form with the page's token, as the browser does; answers the status
     * and, after a redirect, the page it leads to.
     */
    HttpResponse<String> submit(String path, Map<String, String> fields) throws Exception {
        Map<String, String> all = new LinkedHashMap<>(fields);
        all.put("_csrf", token(page("/console")));
        HttpResponse<String> posted = send(path, all);
        if (posted.statusCode() != 302) {
            return posted;
        }
        return get(URI.create(posted.headers().firstValue("Location").orElseThrow()).getRawPath()
                + query(posted.headers().firstValue("Location").orElseThrow()));
    }

    private static String query(String location) {
        String q = URI.create(location).getRawQuery();
        return q == null ? "" : "?" + q;
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> send(String path, Map<String, String> fields) throws Exception {
        String body = fields.entrySet()
            .stream()
            .map((e) -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
        return http.send(HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(), HttpResponse.BodyHandlers.ofString());
    }

    private String token(String html) {
        Matcher m = CSRF.matcher(html);
        assertThat(m.find()).as("a CSRF token in the page").isTrue();
        return m.group(1);
    }

}
