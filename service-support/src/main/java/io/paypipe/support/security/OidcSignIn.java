package io.paypipe.support.security;

import io.paypipe.support.security.OperatorSecurityProperties.Oidc;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.DefaultLoginPageConfigurer;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.OAuth2TokenValidator;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.oauth2.jwt.Jwt;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtDecoder;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.security.oauth2.jwt.SupplierJwtDecoder;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.JwtAuthenticationToken;
import org.springframework.security.web.authentication.ui.DefaultLoginPageGeneratingFilter;

/**
 * Sign-in through an OIDC provider ({@code paypipe.security.oidc}), on the two chains of
 * {@link OperatorSecurity}. The provider is asked for its configuration on first use,
 * never at start-up: a service (ingress above all) starts and serves while the provider
 * is away.
 * <ul>
 * <li>{@link #console}: OIDC login (authorization code with PKCE), beside the form login
 * when accounts are configured: the login page links to the provider.</li>
 * <li>{@link #api}: bearer JWTs signed by the provider's keys, from its issuer, in date
 * (and for one of the configured audiences), beside HTTP Basic.</li>
 * </ul>
 * Both take the role and the person's name from the claims ({@link OidcClaims}).
 */
final class OidcSignIn {

    static final String REGISTRATION = "oidc";

    static final String AUTHORIZATION = "/oauth2/authorization";

    private static final Logger log = LoggerFactory.getLogger(OidcSignIn.class);

    private final OidcClaims claims;

    OidcSignIn(Oidc settings) {
        this.claims = new OidcClaims(settings);
    }

    void console(HttpSecurity http) {
        Oidc settings = claims.settings();
        ClientRegistrationRepository registrations = new DiscoveredRegistration(settings);
        DefaultOAuth2AuthorizationRequestResolver requests = new DefaultOAuth2AuthorizationRequestResolver(
                registrations, AUTHORIZATION);
        requests.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce());
        http.oauth2Login((login) -> login.clientRegistrationRepository(registrations)
            .authorizationEndpoint((endpoint) -> endpoint.authorizationRequestResolver(requests))
            .userInfoEndpoint((users) -> users.oidcUserService(people()))
            .defaultSuccessUrl("/console"));
        // the login page's link to the provider (the registration is not listed at
        // start-up, which would ask the provider for its configuration)
        http.getConfigurer(DefaultLoginPageConfigurer.class)
            .withObjectPostProcessor(new ObjectPostProcessor<DefaultLoginPageGeneratingFilter>() {

                @Override
                public <O extends DefaultLoginPageGeneratingFilter> O postProcess(O page) {
                    page.setOauth2LoginEnabled(true);
                    page.setOauth2AuthenticationUrlToClientName(
                            Map.of(AUTHORIZATION + "/" + REGISTRATION, settings.providerName()));
                    return page;
                }

            });
    }

    void api(HttpSecurity http) {
        http.oauth2ResourceServer((server) -> server
            .jwt((jwt) -> jwt.decoder(decoder()).jwtAuthenticationConverter(this::authentication)));
    }

    private JwtAuthenticationToken authentication(Jwt jwt) {
        String person = claims.person(jwt.getClaims())
            .orElseThrow(() -> new InvalidBearerTokenException(claims.noPerson()));
        return new JwtAuthenticationToken(jwt, claims.authorities(jwt.getClaims()), person);
    }

    private JwtDecoder decoder() {
        Oidc settings = claims.settings();
        return new SupplierJwtDecoder(() -> {
            NimbusJwtDecoder decoder = NimbusJwtDecoder.withIssuerLocation(settings.issuerUri()).build();
            OAuth2TokenValidator<Jwt> validator = JwtValidators.createDefaultWithIssuer(settings.issuerUri());
            if (!settings.audiences().isEmpty()) {
                validator = new DelegatingOAuth2TokenValidator<>(validator, new JwtClaimValidator<List<String>>("aud",
                        (aud) -> aud != null && aud.stream().anyMatch(settings.audiences()::contains)));
            }
            decoder.setJwtValidator(validator);
            return decoder;
        });
    }

    /** The console's person: the provider's user, with the mapped role and name. */
    private OAuth2UserService<OidcUserRequest, OidcUser> people() {
        OidcUserService provider = new OidcUserService();
        return (request) -> {
            OidcUser user = provider.loadUser(request);
            if (claims.person(user.getClaims()).isEmpty()) {
                throw new OAuth2AuthenticationException(new OAuth2Error("invalid_user", claims.noPerson(), null));
            }
            return new DefaultOidcUser(claims.authorities(user.getClaims()), user.getIdToken(), user.getUserInfo(),
                    claims.settings().usernameClaim());
        };
    }

    /** The console's client at the provider, from its configuration read on first use. */
    private static final class DiscoveredRegistration implements ClientRegistrationRepository {

        private final Oidc settings;

        private volatile ClientRegistration registration;

        DiscoveredRegistration(Oidc settings) {
            this.settings = settings;
        }

        @Override
        public ClientRegistration findByRegistrationId(String id) {
            if (!REGISTRATION.equals(id)) {
                return null;
            }
            ClientRegistration known = registration;
            if (known == null) {
                known = discover();
                registration = known;
            }
            return known;
        }

        private ClientRegistration discover() {
            boolean confidential = settings.clientSecret() != null && !settings.clientSecret().isBlank();
            try {
                return ClientRegistrations.fromIssuerLocation(settings.issuerUri())
                    .registrationId(REGISTRATION)
                    .clientName(settings.providerName())
                    .clientId(settings.clientId())
                    .clientSecret(confidential ? settings.clientSecret() : null)
                    .clientAuthenticationMethod(confidential ? ClientAuthenticationMethod.CLIENT_SECRET_BASIC
                            : ClientAuthenticationMethod.NONE)
                    .scope(settings.scopes())
                    .redirectUri("{baseUrl}/login/oauth2/code/{registrationId}")
                    .userNameAttributeName(settings.usernameClaim())
                    .build();
            }
            catch (RuntimeException e) {
                log.warn("The OIDC provider {} did not give its configuration: {}", settings.issuerUri(), e.toString());
                throw e;
            }
        }

    }

}
