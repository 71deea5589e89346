package io.paypipe.support.security;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code paypipe.security}: the accounts that may sign in to a service's operator
 * endpoints. None by default, in every profile: the local launcher makes its own
 * ({@code var/operator-accounts.env}), production names them
 * ({@code PAYPIPE_SECURITY_ACCOUNTS_0_NAME}, {@code _PASSWORD_HASH}, {@code _ROLE}; see
 * docs/deployment.md).
 *
 * @param accounts who may sign in
 */
@ConfigurationProperties("paypipe.security")
public record OperatorSecurityProperties(@DefaultValue List<Account> accounts) {

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
