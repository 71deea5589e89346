package io.paypipe.processor.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.signin.OperatorCredentials;
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
 * Crafted form posts to the console, as a page elsewhere or a script would send them:
 * with or without a session cookie and CSRF token. Redirects are not followed, so a
 * refusal's status is what the test sees.
 */
public final class ConsoleForms {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

    private static final Pattern SESSION = Pattern.compile("(JSESSIONID=[^;]+)");

    /** A signed-in session: its cookie. */
    public record Session(String cookie) {
    }

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private final String base;

    public ConsoleForms(int port) {
        this.base = "http://localhost:" + port;
    }

    /** Signs in through the login form, as a browser does. */
    public Session signIn(OperatorCredentials account) throws Exception {
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(URI.create(base + "/login")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        String cookie = cookie(login);
        HttpResponse<String> signedIn = http.send(form("/login", cookie,
                Map.of("username", account.user(), "password", account.password(), "_csrf", token(login.body()))),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(signedIn.headers().firstValue("Location").orElseThrow()).endsWith("/console");
        return new Session(cookie(signedIn));
    }

    /** Posts the fields as a form; answers the status. */
    public int post(String path, String cookie, Map<String, String> fields) throws Exception {
        return send(path, cookie, fields).statusCode();
    }

    /** Posts the fields as a form; answers the answer. */
    public HttpResponse<String> send(String path, String cookie, Map<String, String> fields) throws Exception {
        return http.send(form(path, cookie, fields), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The fields and the token of the session's console page, as the page's own form
     * sends them.
     */
    public Map<String, String> withToken(Session session, Map<String, String> fields) throws Exception {
        Map<String, String> all = new LinkedHashMap<>(fields);
        all.put("_csrf", token(page(session, "/console")));
        return all;
    }

    /**
     * Posts with the token of the session's console page, as the page's own form does,
     * and answers the page it is sent back to (which shows the action's message once).
     */
    public String postWithToken(Session session, String path, Map<String, String> fields) throws Exception {
        HttpResponse<String> posted = send(path, session.cookie(), withToken(session, fields));
        assertThat(posted.statusCode()).isEqualTo(302);
        return page(session, URI.create(posted.headers().firstValue("Location").orElseThrow()).getPath());
    }

    public String page(Session session, String path) throws Exception {
        HttpResponse<String> page = http.send(
                HttpRequest.newBuilder(URI.create(base + path)).header("Cookie", session.cookie()).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(page.statusCode()).isEqualTo(200);
        return page.body();
    }

    private HttpRequest form(String path, String cookie, Map<String, String> fields) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(fields.entrySet()
                .stream()
                .map((e) -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"))));
        if (cookie != null) {
            b.header("Cookie", cookie);
        }
        return b.build();
    }

    private static String cookie(HttpResponse<?> response) {
        String header = response.headers().firstValue("Set-Cookie").orElseThrow();
        Matcher m = SESSION.matcher(header);
        assertThat(m.find()).as("a session cookie in %s", header).isTrue();
        return m.group(1);
    }

    private static String token(String html) {
        Matcher m = CSRF.matcher(html);
        assertThat(m.find()).as("a CSRF token in the page").isTrue();
        return m.group(1);
    }

}
