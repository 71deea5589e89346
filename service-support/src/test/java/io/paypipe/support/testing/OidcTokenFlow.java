package io.paypipe.support.testing;

import io.paypipe.support.testing.OidcProvider.Person;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.databind.json.JsonMapper;

/**
 * An app getting a person's access token from {@link OidcProvider} over HTTP, as a
 * browser would: authorization code with PKCE, the provider's login form, the redirect's
 * code exchanged at the token endpoint. A cookie jar, redirects followed by hand (the
 * last one goes to the app's redirect URI, which nothing serves here).
 */
final class OidcTokenFlow {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"[^>]*value=\"([^\"]+)\"");

    private static final Pattern CODE = Pattern.compile("[?&]code=([^&]+)");

    private final HttpClient http = HttpClient.newBuilder()
        .cookieHandler(new CookieManager())
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();

    private final String issuer;

    OidcTokenFlow(String issuer) {
        this.issuer = issuer;
    }

    String accessToken(Person person) {
        try {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            String challenge = Base64.getUrlEncoder()
                .withoutPadding()
                .encodeToString(
                        MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
            String authorize = issuer + "/oauth2/authorize?"
                    + query(Map.of("response_type", "code", "client_id", OidcProvider.CLIENT_ID, "redirect_uri",
                            OidcProvider.REDIRECT_URI, "scope", "openid profile email", "state",
                            "s" + System.nanoTime(), "code_challenge", challenge, "code_challenge_method", "S256"));
            HttpResponse<String> login = follow(get(authorize));
            Matcher token = CSRF.matcher(login.body());
            if (login.statusCode() != 200 || !token.find()) {
                throw new IllegalStateException("no login form at the provider: " + login.statusCode());
            }
            HttpResponse<String> signedIn = send(post(login.uri().toString(),
                    Map.of("username", person.login(), "password", person.password(), "_csrf", token.group(1))));
            String location = redirectTo(follow(signedIn));
            Matcher code = CODE.matcher(location);
            if (!location.startsWith(OidcProvider.REDIRECT_URI) || !code.find()) {
                throw new IllegalStateException("the provider did not send a code back: " + location);
            }
            HttpResponse<String> tokens = send(post(issuer + "/oauth2/token",
                    Map.of("grant_type", "authorization_code", "code", code.group(1), "redirect_uri",
                            OidcProvider.REDIRECT_URI, "client_id", OidcProvider.CLIENT_ID, "code_verifier",
                            verifier)));
            if (tokens.statusCode() != 200) {
                throw new IllegalStateException(
                        "the token endpoint answered " + tokens.statusCode() + ": " + tokens.body());
            }
            return JsonMapper.builder().build().readTree(tokens.body()).get("access_token").asString();
        }
        catch (Exception e) {
            throw new IllegalStateException("no access token for " + person.login() + ": " + e.getMessage(), e);
        }
    }

    /** Follows redirects within the provider; stops at one that leaves it. */
    private HttpResponse<String> follow(HttpRequest first) throws Exception {
        HttpResponse<String> response = send(first);
        for (int i = 0; i < 10 && response.statusCode() / 100 == 3; i++) {
            String location = response.uri().resolve(redirectTo(response)).toString();
            if (!location.startsWith(issuer)) {
                return response;
            }
            response = send(get(location));
        }
        return response;
    }

    private HttpResponse<String> follow(HttpResponse<String> response) throws Exception {
        if (response.statusCode() / 100 != 3) {
            return response;
        }
        String location = response.uri().resolve(redirectTo(response)).toString();
        return location.startsWith(issuer) ? follow(get(location)) : response;
    }

    private static String redirectTo(HttpResponse<?> response) {
        return response.headers()
            .firstValue("Location")
            .orElseThrow(() -> new IllegalStateException("no redirect: " + response.statusCode()));
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest get(String uri) {
        return HttpRequest.newBuilder(URI.create(uri)).GET().build();
    }

    private static HttpRequest post(String uri, Map<String, String> fields) {
        return HttpRequest.newBuilder(URI.create(uri))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(query(fields)))
            .build();
    }

    private static String query(Map<String, String> fields) {
        return new LinkedHashMap<>(fields).entrySet()
            .stream()
            .map((e) -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
            .collect(Collectors.joining("&"));
    }

}
