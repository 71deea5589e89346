package io.paypipe.support.security;

import io.paypipe.support.security.OperatorSecurityProperties.Oidc;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * What an OIDC provider's claims say about a person: the role
 * ({@code paypipe.security.oidc.roles-claim} mapped by {@code .operator-values} and
 * {@code .viewer-values}) and the name every action records ({@code .username-claim}).
 * Checks the settings once, naming the one that is wrong.
 */
final class OidcClaims {

    static final String PREFIX = "paypipe.security.oidc";

    private final Oidc settings;

    OidcClaims(Oidc settings) {
        if (settings.rolesClaim() == null || settings.rolesClaim().isBlank()) {
            throw new IllegalStateException(PREFIX + ".roles-claim must name the claim that holds the groups or roles");
        }
        if (settings.operatorValues().isEmpty() && settings.viewerValues().isEmpty()) {
            throw new IllegalStateException(PREFIX + ".operator-values or " + PREFIX
                    + ".viewer-values must name at least one value of the claim " + settings.rolesClaim()
                    + " (else nobody from " + settings.issuerUri() + " may do anything)");
        }
        if (settings.usernameClaim() == null || settings.usernameClaim().isBlank()) {
            throw new IllegalStateException(PREFIX + ".username-claim must name the claim recorded as the person"
                    + " (preferred_username, email, ...)");
        }
        boolean secret = settings.clientSecret() != null && !settings.clientSecret().isBlank();
        if (secret && !settings.console()) {
            throw new IllegalStateException(PREFIX + ".client-secret is set without " + PREFIX + ".client-id");
        }
        this.settings = settings;
    }

    Oidc settings() {
        return settings;
    }

    /**
     * The one role of the person: OPERATOR if a value of the roles claim is an operator
     * value, else VIEWER if one is a viewer value, else none (every request answered
     * 403).
     */
    List<GrantedAuthority> authorities(Map<String, Object> claims) {
        Set<String> values = values(claim(claims, settings.rolesClaim()));
        if (settings.operatorValues().stream().anyMatch(values::contains)) {
            return List.of(new SimpleGrantedAuthority(OperatorRole.OPERATOR.authority()));
        }
        if (settings.viewerValues().stream().anyMatch(values::contains)) {
            return List.of(new SimpleGrantedAuthority(OperatorRole.VIEWER.authority()));
        }
        return List.of();
    }

    /**
     * The name recorded as the person of every action: the username claim, when it is a
     * string of 1 to 64 characters (what the tables' person columns hold) without
     * surrounding spaces.
     */
    Optional<String> person(Map<String, Object> claims) {
        return Optional.ofNullable(claims.get(settings.usernameClaim()))
            .filter(String.class::isInstance)
            .map(String.class::cast)
            .filter((name) -> !name.isBlank() && name.length() <= 64 && name.equals(name.strip()));
    }

    /** Why a person's claims name nobody, in one sentence. */
    String noPerson() {
        return "the provider's token has no usable " + settings.usernameClaim()
                + " claim (1 to 64 characters), which is recorded as the person of every action";
    }

    /** The claim by its exact name, else by a dotted path into nested objects. */
    private static Object claim(Map<String, Object> claims, String name) {
        if (claims.containsKey(name)) {
            return claims.get(name);
        }
        Object at = claims;
        for (String part : name.split("\\.")) {
            if (!(at instanceof Map<?, ?> map)) {
                return null;
            }
            at = map.get(part);
        }
        return at;
    }

    private static Set<String> values(Object claim) {
        Stream<String> values = switch (claim) {
            case null -> Stream.empty();
            case Collection<?> many -> many.stream().map(String::valueOf);
            case String one -> Stream.of(one.split("[\\s,]+"));
            default -> Stream.of(String.valueOf(claim));
        };
        return values.map(String::strip).filter((value) -> !value.isEmpty()).collect(Collectors.toSet());
    }

}
