package io.paypipe.support.security;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code paypipe.security}: the accounts that may sign in to a service's operator
 * endpoints, and an OIDC provider whose people may. No account by default, in every
 * profile: the local launcher makes its own ({@code var/operator-accounts.env}),
 * production names them ({@code PAYPIPE_SECURITY_ACCOUNTS_0_NAME},
 * {@code _PASSWORD_HASH}, {@code _ROLE}) or configures OIDC
 * ({@code PAYPIPE_SECURITY_OIDC_ISSUER_URI}, ...; see docs/deployment.md).
 *
 * @param accounts who may sign in with a password
 * @param oidc the OIDC provider, off unless its issuer is set
 */
@ConfigurationProperties("paypipe.security")
public record OperatorSecurityProperties(@DefaultValue List<Account> accounts, @DefaultValue Oidc oidc) {

    /**
     * {@code paypipe.security.oidc}: people of an OIDC provider sign in (on the console
     * through the provider's login page, authorization code with PKCE; on the API with
     * the provider's bearer JWTs); their role comes from a claim, their recorded name
     * from another.
     *
     * @param issuerUri the provider's issuer (its
     * {@code /.well-known/openid-configuration} is read on first use, never at start-up);
     * blank: OIDC off
     * @param clientId the console's client at the provider; blank: the console keeps its
     * form login only and the API still takes the provider's tokens
     * @param clientSecret the client's secret; blank: a public client (PKCE is sent
     * either way)
     * @param scopes asked for at sign-in
     * @param rolesClaim the claim holding the person's groups or roles (a list, or one
     * string of values separated by spaces or commas; a dotted path such as
     * {@code realm_access.roles} reaches into an object)
     * @param operatorValues values of that claim that make an OPERATOR
     * @param viewerValues values of that claim that make a VIEWER (OPERATOR wins when
     * both are there; neither: signed in, but every page and endpoint answers 403)
     * @param usernameClaim the claim recorded as the person of every action (1 to 64
     * characters; a token or sign-in without it is refused)
     * @param audiences if set, an API token's {@code aud} must hold one of them
     * @param providerName the provider's name on the login page
     */
    public record Oidc(String issuerUri, String clientId, String clientSecret, @DefaultValue( {
            "openid", "profile", "email" }) List<String> scopes, @DefaultValue("groups") String rolesClaim,
            @DefaultValue List<String> operatorValues, @DefaultValue List<String> viewerValues,
            @DefaultValue("preferred_username") String usernameClaim, @DefaultValue List<String> audiences,
            @DefaultValue("the OIDC provider") String providerName){

        /** OIDC is on: an issuer is set. */
        public boolean enabled() {
            return issuerUri != null && !issuerUri.isBlank();
        }

        /** The console signs people in through the provider: an issuer and a client. */
        public boolean console() {
            return enabled() && clientId != null && !clientId.isBlank();
        }

    }

    /**
     * One account.
     *
     * @param name the sign-in name, recorded as the person of every action (1 to 64
     * characters, no {@code :})
     * @param passwordHash the password's hash in the form of Spring Security's
     * {@code DelegatingPasswordEncoder}: {@code {bcrypt}$2a$10$...}; a plain or
     * {@code {noop}} password is refused ({@code ./paypipe hash-password} makes a hash)
     * @param role {@code VIEWER} or {@code OPERATOR}
     */
    public record Account(String name, String passwordHash, OperatorRole role) {
    }

}
