package io.paypipe.support.testing;

import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.proc.SecurityContext;
import io.paypipe.support.testing.OidcProvider.Person;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.MediaType;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.annotation.web.configuration.OAuth2AuthorizationServerConfiguration;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.oauth2.core.AuthorizationGrantType;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.server.authorization.client.InMemoryRegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClient;
import org.springframework.security.oauth2.server.authorization.client.RegisteredClientRepository;
import org.springframework.security.oauth2.server.authorization.settings.AuthorizationServerSettings;
import org.springframework.security.oauth2.server.authorization.settings.ClientSettings;
import org.springframework.security.oauth2.server.authorization.token.JwtEncodingContext;
import org.springframework.security.oauth2.server.authorization.token.OAuth2TokenCustomizer;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * The Spring context of {@link OidcProvider}: Spring Authorization Server's endpoints
 * (OIDC on), a form login for its people, their group and name in every token. No
 * auto-configuration: only Tomcat and these beans (the test's classpath holds a service's
 * whole stack, whose auto-configuration is not this provider's).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class OidcProviderServer {

    /** What the provider is started with. */
    record Settings(int port, String issuer, RSAKey key, List<Person> people) {
    }

    @Bean
    TomcatServletWebServerFactory oidcProviderTomcat(Settings settings) {
        return new TomcatServletWebServerFactory(settings.port());
    }

    /** A servlet to map: without one Tomcat answers 404 before any filter runs. */
    @Bean
    DispatcherServlet dispatcherServlet() {
        return new DispatcherServlet();
    }

    @Bean
    @Order(1)
    SecurityFilterChain oidcEndpoints(HttpSecurity http) throws Exception {
        http.oauth2AuthorizationServer((server) -> {
            http.securityMatcher(server.getEndpointsMatcher());
            server.oidc(Customizer.withDefaults());
        })
            .authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
            .oauth2ResourceServer((userInfo) -> userInfo.jwt(Customizer.withDefaults()))
            .exceptionHandling((exceptions) -> exceptions.defaultAuthenticationEntryPointFor(
                    new LoginUrlAuthenticationEntryPoint("/login"), new MediaTypeRequestMatcher(MediaType.TEXT_HTML)));
        return http.build();
    }

    @Bean
    @Order(2)
    SecurityFilterChain oidcLogin(HttpSecurity http) throws Exception {
        http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
            .formLogin(Customizer.withDefaults());
        return http.build();
    }

    @Bean
    InMemoryUserDetailsManager oidcPeople(Settings settings) {
        return new InMemoryUserDetailsManager(settings.people()
            .stream()
            .map((person) -> User.withUsername(person.login())
                .password("{noop}" + person.password())
                .authorities(person.group())
                .build())
            .toList());
    }

    @Bean
    RegisteredClientRepository oidcClients() {
        return new InMemoryRegisteredClientRepository(RegisteredClient.withId(UUID.randomUUID().toString())
            .clientId(OidcProvider.CLIENT_ID)
            .clientAuthenticationMethod(ClientAuthenticationMethod.NONE)
            .authorizationGrantType(AuthorizationGrantType.AUTHORIZATION_CODE)
            .redirectUri(OidcProvider.REDIRECT_URI)
            .scope("openid")
            .scope("profile")
            .scope("email")
            .clientSettings(ClientSettings.builder().requireProofKey(true).requireAuthorizationConsent(false).build())
            .build());
    }

    /** The person's name, e-mail and group in the ID token and the access token. */
    @Bean
    OAuth2TokenCustomizer<JwtEncodingContext> oidcPersonClaims(Settings settings) {
        Map<String, Person> people = settings.people()
            .stream()
            .collect(Collectors.toMap(Person::login, Function.identity()));
        return (context) -> {
            Person person = people.get(context.getPrincipal().getName());
            if (person != null) {
                context.getClaims()
                    .claim("preferred_username", person.username())
                    .claim("email", person.email())
                    .claim("groups", List.of(person.group()));
            }
        };
    }

    @Bean
    JWKSource<SecurityContext> oidcKeys(Settings settings) {
        return new ImmutableJWKSet<>(new JWKSet(settings.key()));
    }

    @Bean
    JwtDecoder oidcUserInfoDecoder(JWKSource<SecurityContext> keys) {
        return OAuth2AuthorizationServerConfiguration.jwtDecoder(keys);
    }

    @Bean
    AuthorizationServerSettings oidcServerSettings(Settings settings) {
        return AuthorizationServerSettings.builder().issuer(settings.issuer()).build();
    }

}
