package io.paypipe.support.security;

import io.paypipe.support.ProductionProfile;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.web.servlet.mvc.method.RequestMappingInfo;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/**
 * At start-up, once the service's endpoints are known: a service with operator endpoints
 * (any mapping but the channels' {@code /notify/**} and {@code /error}) and no way to
 * sign in (no account and no OIDC provider, {@code paypipe.security.oidc.issuer-uri})
 * fails to start under the profile {@code prod} (an endpoint nobody can use, or one
 * somebody opens in a hurry, is worse than a service that says what it needs), and warns
 * under any other profile.
 */
class AccountsCheck implements SmartInitializingSingleton {

    private static final Logger log = LoggerFactory.getLogger(AccountsCheck.class);

    private final Environment environment;

    private final OperatorSecurityProperties properties;

    private final ObjectProvider<RequestMappingHandlerMapping> mappings;

    AccountsCheck(Environment environment, OperatorSecurityProperties properties,
            ObjectProvider<RequestMappingHandlerMapping> mappings) {
        this.environment = environment;
        this.properties = properties;
        this.mappings = mappings;
    }

    @Override
    public void afterSingletonsInstantiated() {
        if (!properties.accounts().isEmpty() || properties.oidc().enabled()) {
            return;
        }
        List<String> endpoints = operatorEndpoints();
        if (endpoints.isEmpty()) {
            return;
        }
        if (environment.acceptsProfiles(Profiles.of(ProductionProfile.NAME))) {
            throw new IllegalStateException(message(endpoints));
        }
        log.warn("No operator account is configured ({}[0].name, .password-hash, .role) and no OIDC provider ({}"
                + ".issuer-uri): {} answer 401 to everyone", Accounts.PREFIX, OidcClaims.PREFIX, endpoints);
    }

    static String message(List<String> endpoints) {
        return "The profile prod has no built-in accounts and this service's operator endpoints (" + endpoints
                + ") need at least one: set " + Accounts.PREFIX + "[0].name, " + Accounts.PREFIX
                + "[0].password-hash and " + Accounts.PREFIX
                + "[0].role (PAYPIPE_SECURITY_ACCOUNTS_0_NAME, _PASSWORD_HASH, _ROLE), or an OIDC provider: "
                + OidcClaims.PREFIX + ".issuer-uri and its roles (docs/deployment.md)";
    }

    private List<String> operatorEndpoints() {
        return mappings.orderedStream()
            .flatMap((mapping) -> mapping.getHandlerMethods().keySet().stream())
            .map(RequestMappingInfo::getPatternValues)
            .flatMap(java.util.Set::stream)
            .filter((path) -> !path.startsWith("/notify/") && !path.equals("/error"))
            .distinct()
            .sorted()
            .toList();
    }

}
