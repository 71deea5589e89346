package io.paypipe.support.security;

import io.paypipe.support.security.OperatorSecurityProperties.Oidc;
import jakarta.servlet.DispatcherType;
import java.nio.charset.StandardCharsets;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.access.intercept.AuthorizationFilter;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * The sign-in every service shares: accounts from {@link OperatorSecurityProperties} with
 * bcrypt hashes, two roles ({@link OperatorRole}), two filter chains.
 * <ul>
 * <li>{@link #callbacks}: {@code /notify/**}, the channels' callbacks, left alone: no
 * sign-in (the channels cannot sign in; they sign their bodies), no CSRF, no headers
 * added, an {@code Authorization} header ignored, and no strict firewall
 * ({@link CallbacksFirewall}): every refusal stays ingress's own fail ack.</li>
 * <li>{@link #console}: {@code /console/**}, {@code /login}, {@code /logout} (and the
 * login page's {@code /default-ui.css}, {@code /favicon.ico}) for a person in a browser:
 * form login at {@code /login}, a session, CSRF protection on.</li>
 * <li>{@link #api}: everything else, for API clients (the CLI, the bench, the launcher's
 * demo, tests): HTTP Basic on every request, no session. {@code /actuator/health/**},
 * {@code /actuator/info} and {@code /actuator/prometheus} are open; a GET or HEAD needs
 * VIEWER or OPERATOR; every other method needs OPERATOR and
 * {@code Content-Type: application/json} ({@link JsonActionsOnly}, 415 otherwise). 401
 * (with {@code WWW-Authenticate: Basic}) without a valid sign-in, 403 for a role that may
 * not, each with a one-line JSON error. The console's service account (role
 * {@link OperatorRole#CONSOLE}) acts for the person it names in
 * {@code X-Paypipe-On-Behalf-Of} ({@link OnBehalf}); any other account sending that
 * header is refused 403.</li>
 * </ul>
 * With {@code paypipe.security.oidc.issuer-uri} set, the people of an OIDC provider sign
 * in too ({@link OidcSignIn}): on the console through the provider, on the API with its
 * bearer JWTs; nothing changes without it. Imported by
 * {@link io.paypipe.support.ServiceSupportConfiguration} and, for a service without it
 * (ingress, the downstream consumers), by the service's application class.
 * {@link AccountsCheck} refuses to start a {@code prod} service that has operator
 * endpoints and no account nor OIDC provider.
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
@EnableConfigurationProperties(OperatorSecurityProperties.class)
@Import({ AccountsCheck.class, SomeoneElseNamed.Answer.class })
public class OperatorSecurity {

    static final String VIEWER = OperatorRole.VIEWER.name();

    static final String OPERATOR = OperatorRole.OPERATOR.name();

    @Bean
    PasswordEncoder operatorPasswordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    @Bean
    InMemoryUserDetailsManager operatorAccounts(OperatorSecurityProperties properties) {
        return new InMemoryUserDetailsManager(Accounts.users(properties.accounts()));
    }

    @Bean
    WebSecurityCustomizer callbacksFirewall() {
        return (web) -> web.httpFirewall(new CallbacksFirewall());
    }

    /**
     * The channels' callbacks: nothing of Spring Security's gets in their way. The chain
     * has no filter at all (no security context, no anonymous user, no authorization
     * decision, no headers): a callback passes only the firewall, so it costs a path
     * match. The filters a permit-all chain would run were measured on ingress's request
     * threads (issue 15: about a sixth of their CPU with their observations).
     */
    @Bean
    @Order(0)
    SecurityFilterChain callbacks() {
        return new DefaultSecurityFilterChain(PathPatternRequestMatcher.withDefaults().matcher("/notify/**"));
    }

    /** The console's chain: a person signs in once, the session carries it. */
    @Bean
    @Order(1)
    SecurityFilterChain console(HttpSecurity http, OperatorSecurityProperties properties) throws Exception {
        // the login page's own style sheet and the browser's icon belong here too: on
        // the API chain they were a 401 with a Basic challenge, and a browser stopped
        // rendering the login form for a password dialog of its style sheet; with OIDC,
        // the way to the provider and back
        http.securityMatcher("/console", "/console/**", "/login", "/logout", "/default-ui.css", "/favicon.ico",
                OidcSignIn.AUTHORIZATION + "/*", "/login/oauth2/code/*")
            .authorizeHttpRequests((requests) -> requests.dispatcherTypeMatchers(DispatcherType.ERROR)
                .permitAll()
                .requestMatchers(HttpMethod.GET, "/console", "/console/**")
                .hasAnyRole(VIEWER, OPERATOR)
                .requestMatchers("/console", "/console/**")
                .hasRole(OPERATOR)
                .anyRequest()
                .permitAll())
            .logout((logout) -> logout.logoutSuccessUrl("/login?logout"))
            .sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.IF_REQUIRED));
        // CSRF stays on (the default): a browser sends the session cookie with any
        // request another site makes it send
        Oidc oidc = properties.oidc();
        if (!oidc.console() || !properties.accounts().isEmpty()) {
            http.formLogin((form) -> form.defaultSuccessUrl("/console"));
        }
        if (oidc.console()) {
            new OidcSignIn(oidc).console(http);
        }
        return http.build();
    }

    /** The API's chain: HTTP Basic on each request, nothing kept between requests. */
    @Bean
    @Order(2)
    SecurityFilterChain api(HttpSecurity http, OperatorSecurityProperties properties) throws Exception {
        Oidc oidc = properties.oidc();
        if (oidc.enabled()) {
            new OidcSignIn(oidc).api(http);
            http.oauth2ResourceServer(
                    (server) -> server.authenticationEntryPoint(unauthenticated(oidc)).accessDeniedHandler(denied()));
        }
        http.authorizeHttpRequests((requests) -> requests.dispatcherTypeMatchers(DispatcherType.ERROR)
            .permitAll()
            .requestMatchers("/error")
            .permitAll()
            .requestMatchers(HttpMethod.GET, "/actuator/health", "/actuator/health/**", "/actuator/info",
                    "/actuator/prometheus")
            .permitAll()
            .requestMatchers(HttpMethod.GET, "/**")
            .hasAnyRole(VIEWER, OPERATOR)
            .requestMatchers(HttpMethod.HEAD, "/**")
            .hasAnyRole(VIEWER, OPERATOR)
            .anyRequest()
            .hasRole(OPERATOR))
            .httpBasic((basic) -> basic.realmName(REALM).authenticationEntryPoint(unauthenticated(oidc)))
            .exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint(unauthenticated(oidc))
                .accessDeniedHandler(denied()))
            .sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
            .requestCache((cache) -> cache.disable())
            .formLogin((form) -> form.disable())
            .logout((logout) -> logout.disable())
            .addFilterAfter(new OnBehalf(), BasicAuthenticationFilter.class)
            .addFilterAfter(new JsonActionsOnly(), AuthorizationFilter.class)
            // CSRF off on this chain only, and safe: no session and no cookie is ever
            // made here, so a browser has no credential to send along on another site's
            // behalf. Basic credentials a browser cached are the one case: every action
            // here takes Content-Type application/json (JsonActionsOnly), which a
            // cross-site page can send only after a CORS preflight, and no origin
            // passes one (no CORS is configured).
            .csrf((csrf) -> csrf.disable());
        return http.build();
    }

    static final String REALM = "paypipe";

    private static AuthenticationEntryPoint unauthenticated(Oidc oidc) {
        return (request, response, e) -> {
            response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\"");
            if (!oidc.enabled()) {
                error(response, 401, "sign in first: HTTP Basic with an operator account");
                return;
            }
            if (e instanceof OAuth2AuthenticationException refused) {
                response.setHeader("WWW-Authenticate", "Bearer realm=\"" + REALM + "\", error=\"invalid_token\"");
                error(response, 401, "the bearer token was refused (it must come from " + oidc.issuerUri()
                        + ", be in date and signed by its keys): " + refused.getError().getDescription());
                return;
            }
            response.addHeader("WWW-Authenticate", "Bearer realm=\"" + REALM + "\"");
            error(response, 401,
                    "sign in first: HTTP Basic with an operator account or a bearer token from " + oidc.issuerUri());
        };
    }

    private static AccessDeniedHandler denied() {
        return (request, response, e) -> error(response, 403,
                "your account's role may not do this: reads need VIEWER or OPERATOR, actions need OPERATOR");
    }

    static void error(jakarta.servlet.http.HttpServletResponse response, int status, String message)
            throws java.io.IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding(StandardCharsets.UTF_8.name());
        String json = message.replace("\\", "\\\\").replace("\"", "\\\"").replaceAll("\\p{Cntrl}", " ");
        response.getWriter().write("{\"error\":\"" + json + "\"}\n");
    }

}
