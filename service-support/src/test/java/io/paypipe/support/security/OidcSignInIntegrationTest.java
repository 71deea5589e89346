package io.paypipe.support.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.support.testing.OidcProvider;
import io.paypipe.support.testing.OidcProvider.Person;
import io.paypipe.support.testing.TestAccounts;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.DispatcherServlet;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * OIDC sign-in of {@link OperatorSecurity} against a real provider in this JVM
 * ({@link OidcProvider}, Spring Authorization Server on its own port) and a small service
 * on another, over HTTP: the API takes the provider's bearer tokens with the role from
 * the {@code groups} claim and records {@code preferred_username}; a token the provider
 * did not issue in date for this service is 401; the console sends a person to the
 * provider with PKCE. The browser's way through the console is processor-service's
 * {@code OidcConsoleIntegrationTest}.
 */
class OidcSignInIntegrationTest {

    private static OidcProvider provider;

    private static ConfigurableApplicationContext service;

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @BeforeAll
    static void start() {
        provider = OidcProvider.start();
        service = startService(provider.serviceProperties());
    }

    @AfterAll
    static void stop() {
        service.close();
        provider.close();
    }

    @Test
    void anOperatorsTokenActsAndTheActionRecordsThePersonsName() throws Exception {
        // Given an operator's access token from the provider
        String token = provider.accessToken(OidcProvider.OPERATOR);

        // When the operator acts with it
        HttpResponse<String> acted = send(service, action(token));

        // Then the action is taken and recorded as the provider's preferred_username
        assertThat(acted.statusCode()).as(acted.body()).isEqualTo(200);
        assertThat(acted.body()).isEqualTo("acted for " + OidcProvider.OPERATOR.username());
    }

    @Test
    void aViewerReadsButMayNotActAndSomeoneInNeitherGroupMayNotRead() throws Exception {
        String viewer = provider.accessToken(OidcProvider.VIEWER);
        String outsider = provider.accessToken(OidcProvider.OUTSIDER);

        assertThat(send(service, read(viewer)).body()).isEqualTo("read by " + OidcProvider.VIEWER.username());
        HttpResponse<String> viewerActs = send(service, action(viewer));
        assertThat(viewerActs.statusCode()).isEqualTo(403);
        assertThat(viewerActs.body()).contains("actions need OPERATOR");
        assertThat(send(service, read(outsider)).statusCode()).isEqualTo(403);
        assertThat(send(service, action(outsider)).statusCode()).isEqualTo(403);
    }

    @Test
    void refusesWith401ATokenFromAnotherIssuerExpiredBadlySignedOrForAnotherAudience() throws Exception {
        Person olga = OidcProvider.OPERATOR;
        Map<String, String> tokens = Map.of("another issuer",
                provider.mint(olga, (claims) -> claims.issuer("http://localhost:1/another-provider")), "expired",
                provider.mintExpired(olga), "badly signed", provider.mintBadlySigned(olga), "another audience",
                provider.mint(olga, (claims) -> claims.audience(java.util.List.of("another-app"))));

        // a token minted the same way but valid is taken: the refusals are the changes'
        assertThat(send(service, action(provider.mint(olga, (claims) -> {
        }))).statusCode()).isEqualTo(200);
        tokens.forEach((what, token) -> {
            HttpResponse<String> refused = send(service, action(token));
            assertThat(refused.statusCode()).as(what).isEqualTo(401);
            assertThat(refused.headers().allValues("WWW-Authenticate")).as(what)
                .anyMatch((challenge) -> challenge.startsWith("Bearer") && challenge.contains("invalid_token"));
            assertThat(refused.body()).as(what).startsWith("{\"error\":\"the bearer token was refused");
        });
    }

    @Test
    void theConfiguredAccountsStillSignInWithBasicBesideTheProvider() {
        HttpResponse<String> basic = send(service,
                request("/ops/act").header("Authorization", TestAccounts.OPERATOR.authorization())
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.noBody())
                    .build());
        HttpResponse<String> nobody = send(service, request("/ops/thing").GET().build());

        assertThat(basic.body()).isEqualTo("acted for " + TestAccounts.OPERATOR.user());
        assertThat(nobody.statusCode()).isEqualTo(401);
        assertThat(nobody.headers().allValues("WWW-Authenticate")).contains("Basic realm=\"paypipe\"",
                "Bearer realm=\"paypipe\"");
    }

    @Test
    void theRoleComesFromTheConfiguredMappingOfTheClaim() throws Exception {
        // Given a service whose mapping is the other way round
        Map<String, Object> swapped = new java.util.LinkedHashMap<>(provider.serviceProperties());
        swapped.put("paypipe.security.oidc.operator-values", OidcProvider.VIEWERS);
        swapped.put("paypipe.security.oidc.viewer-values", OidcProvider.OPERATORS);
        try (ConfigurableApplicationContext other = startService(swapped)) {
            // Then the group's person has the role the mapping gives it
            assertThat(send(other, action(provider.accessToken(OidcProvider.OPERATOR))).statusCode()).isEqualTo(403);
            assertThat(send(other, action(provider.accessToken(OidcProvider.VIEWER))).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void theConsoleSendsAPersonToTheProviderWithPkce() {
        HttpResponse<String> console = send(service, request("/console").GET().build());
        assertThat(console.statusCode()).isEqualTo(302);
        assertThat(console.headers().firstValue("Location").orElseThrow()).endsWith("/login");

        String cookie = console.headers().firstValue("Set-Cookie").orElseThrow().split(";")[0];
        HttpResponse<String> login = send(service, request("/login").header("Cookie", cookie).GET().build());
        assertThat(login.body()).contains("/oauth2/authorization/oidc").contains("Test provider");

        HttpResponse<String> toProvider = send(service,
                request("/oauth2/authorization/oidc").header("Cookie", cookie).GET().build());
        assertThat(toProvider.statusCode()).isEqualTo(302);
        assertThat(toProvider.headers().firstValue("Location").orElseThrow())
            .startsWith(provider.issuer() + "/oauth2/authorize?")
            .contains("client_id=" + OidcProvider.CLIENT_ID, "code_challenge=", "code_challenge_method=S256",
                    "scope=openid%20profile%20email");
    }

    static ConfigurableApplicationContext startService(Map<String, Object> properties) {
        return new SpringApplicationBuilder(OperatorService.class).web(WebApplicationType.SERVLET)
            .properties(properties)
            .properties("spring.main.banner-mode=off")
            .run();
    }

    private HttpRequest read(String token) {
        return request("/ops/thing").header("Authorization", "Bearer " + token).GET().build();
    }

    private HttpRequest action(String token) {
        return request("/ops/act").header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    }

    private static HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:0" + path));
    }

    private HttpResponse<String> send(ConfigurableApplicationContext at, HttpRequest request) {
        int port = ((WebServerApplicationContext) at).getWebServer().getPort();
        HttpRequest.Builder b = HttpRequest
            .newBuilder(URI.create(request.uri().toString().replace("127.0.0.1:0", "127.0.0.1:" + port)))
            .method(request.method(), request.bodyPublisher().orElse(HttpRequest.BodyPublishers.noBody()));
        request.headers().map().forEach((name, values) -> values.forEach((value) -> b.header(name, value)));
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        }
        catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Configuration(proxyBeanMethods = false)
    @EnableWebMvc
    @Import({ OperatorSecurity.class, Endpoints.class })
    static class OperatorService {

        @Bean
        TomcatServletWebServerFactory serviceTomcat() {
            return new TomcatServletWebServerFactory(0);
        }

        @Bean
        DispatcherServlet dispatcherServlet() {
            return new DispatcherServlet();
        }

    }

    @RestController
    static class Endpoints {

        @GetMapping({ "/ops/thing", "/console" })
        String thing(Authentication signedIn) {
            return "read by " + SignedIn.name(signedIn);
        }

        @PostMapping("/ops/act")
        String act(Authentication signedIn) {
            return "acted for " + SignedIn.person("requestedBy", null, signedIn);
        }

    }

}
