package io.paypipe.support.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import io.paypipe.support.security.OperatorSecurityProperties.Account;
import io.paypipe.support.testing.TestAccounts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

/**
 * The accounts' settings and the start-up check of {@link OperatorSecurity}, on a small
 * servlet context (no broker or database: nothing here needs one).
 */
class OperatorSecurityTest {

    private static final String OPERATOR_HASH = (String) TestAccounts.properties()
        .get("paypipe.security.accounts[0].password-hash");

    private final WebApplicationContextRunner operatorService = new WebApplicationContextRunner()
        .withUserConfiguration(OperatorService.class);

    @Test
    void refusesAPlainOrNoopPasswordNamingTheSetting() {
        for (String notAHash : List.of("secret", "{noop}secret", "{sha256}abc", "")) {
            assertThatIllegalStateException()
                .isThrownBy(() -> Accounts.users(List.of(new Account("ann", notAHash, OperatorRole.OPERATOR))))
                .withMessageStartingWith("paypipe.security.accounts[0].password-hash must be a bcrypt hash");
        }
    }

    @Test
    void takesABcryptHashThatTheEncoderMatches() {
        List<UserDetails> users = Accounts
            .users(List.of(new Account(TestAccounts.OPERATOR.user(), OPERATOR_HASH, OperatorRole.OPERATOR)));

        assertThat(users).singleElement().satisfies((user) -> {
            assertThat(user.getAuthorities()).extracting(Object::toString).containsExactly("ROLE_OPERATOR");
            assertThat(PasswordEncoderFactories.createDelegatingPasswordEncoder()
                .matches(TestAccounts.OPERATOR.password(), user.getPassword())).isTrue();
        });
    }

    @Test
    void refusesANameTwiceAndAnAccountWithoutRole() {
        assertThatIllegalStateException()
            .isThrownBy(() -> Accounts.users(List.of(new Account("ann", OPERATOR_HASH, OperatorRole.OPERATOR),
                    new Account("ann", OPERATOR_HASH, OperatorRole.VIEWER))))
            .withMessage("paypipe.security.accounts[1].name ann is configured twice");
        assertThatIllegalStateException()
            .isThrownBy(() -> Accounts.users(List.of(new Account("ann", OPERATOR_HASH, null))))
            .withMessage("paypipe.security.accounts[0].role must be VIEWER, OPERATOR or CONSOLE");
    }

    @Test
    void failsToStartUnderProdWithOperatorEndpointsAndNoAccount() {
        operatorService.withPropertyValues("spring.profiles.active=prod").run((context) -> {
            assertThat(context).hasFailed();
            Throwable cause = context.getStartupFailure();
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            assertThat(cause).isInstanceOf(IllegalStateException.class)
                .hasMessage(AccountsCheck.message(List.of("/ops/thing")));
            assertThat(cause.getMessage()).startsWith("The profile prod has no built-in accounts")
                .contains("paypipe.security.accounts[0].password-hash");
        });
    }

    @Test
    void startsUnderProdWithAnAccountAndOutsideProdWithout() {
        operatorService
            .withPropertyValues("spring.profiles.active=prod", "paypipe.security.accounts[0].name=ann",
                    "paypipe.security.accounts[0].password-hash=" + OPERATOR_HASH,
                    "paypipe.security.accounts[0].role=OPERATOR")
            .run((context) -> assertThat(context).hasNotFailed());
        operatorService.run((context) -> assertThat(context).hasNotFailed());
    }

    @Test
    void startsUnderProdWithoutAccountsWhenOnlyTheChannelsCallbacksAreServed() {
        new WebApplicationContextRunner().withUserConfiguration(CallbackService.class)
            .withPropertyValues("spring.profiles.active=prod")
            .run((context) -> assertThat(context).hasNotFailed());
    }

    @Test
    void startsUnderProdWithAnOidcProviderAndNoAccountWithoutAskingTheProvider() {
        // an issuer nobody answers at: the provider is read on first use, not at start-up
        operatorService
            .withPropertyValues("spring.profiles.active=prod",
                    "paypipe.security.oidc.issuer-uri=http://127.0.0.1:1/idp",
                    "paypipe.security.oidc.client-id=paypipe", "paypipe.security.oidc.operator-values=ops")
            .run((context) -> assertThat(context).hasNotFailed());
    }

    @Test
    void refusesAnOidcProviderWithoutAnyRoleValueNamingTheSettings() {
        operatorService.withPropertyValues("paypipe.security.oidc.issuer-uri=http://127.0.0.1:1/idp").run((context) -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause()
                .hasMessageStartingWith(
                        "paypipe.security.oidc.operator-values or paypipe.security.oidc.viewer-values must name");
        });
    }

    @Test
    void mapsTheRolesClaimAsAListAStringOrADottedPathAndOperatorWins() {
        OidcClaims claims = new OidcClaims(oidc("realm_access.roles", List.of("ops"), List.of("view")));

        assertThat(claims.authorities(Map.of("realm_access", Map.of("roles", List.of("view", "ops")))))
            .extracting(Object::toString)
            .containsExactly("ROLE_OPERATOR");
        assertThat(claims.authorities(Map.of("realm_access.roles", "other, view"))).extracting(Object::toString)
            .containsExactly("ROLE_VIEWER");
        assertThat(claims.authorities(Map.of("realm_access", Map.of("roles", List.of("other"))))).isEmpty();
        assertThat(claims.authorities(Map.of())).isEmpty();
    }

    @Test
    void takesThePersonFromTheUsernameClaimOnlyWhenItFitsThePersonColumns() {
        OidcClaims claims = new OidcClaims(oidc("groups", List.of("ops"), List.of()));

        assertThat(claims.person(Map.of("preferred_username", "olga"))).hasValue("olga");
        assertThat(claims.person(Map.of("preferred_username", "x".repeat(65)))).isEmpty();
        assertThat(claims.person(Map.of("preferred_username", " olga"))).isEmpty();
        assertThat(claims.person(Map.of("sub", "1234"))).isEmpty();
    }

    private static OperatorSecurityProperties.Oidc oidc(String rolesClaim, List<String> operators,
            List<String> viewers) {
        return new OperatorSecurityProperties.Oidc("http://127.0.0.1:1/idp", "paypipe", null, List.of("openid"),
                rolesClaim, operators, viewers, "preferred_username", List.of(), "IdP");
    }

    @Configuration(proxyBeanMethods = false)
    @EnableWebMvc
    @Import({ OperatorSecurity.class, OpsEndpoint.class })
    static class OperatorService {

    }

    @Configuration(proxyBeanMethods = false)
    @EnableWebMvc
    @Import({ OperatorSecurity.class, NotifyEndpoint.class })
    static class CallbackService {

    }

    @RestController
    static class OpsEndpoint {

        @GetMapping("/ops/thing")
        String thing() {
            return "thing";
        }

    }

    @RestController
    static class NotifyEndpoint {

        @PostMapping("/notify/somechannel")
        String notified() {
            return "ok";
        }

    }

}
