package io.paypipe.support.security;

import io.paypipe.support.security.OperatorSecurityProperties.Account;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;

/**
 * The configured accounts as Spring Security's users, or one sentence saying which
 * setting is wrong. Only {@code {bcrypt}} hashes are taken: a plain password, a
 * {@code {noop}} one or an unknown scheme would make a config file hold something a
 * reader can sign in with.
 */
final class Accounts {

    static final String PREFIX = "paypipe.security.accounts";

    private static final Pattern BCRYPT = Pattern.compile("\\{bcrypt}\\$2[aby]?\\$\\d\\d\\$[./A-Za-z0-9]{53}");

    private Accounts() {
    }

    /**
     * A person's name as an account may have it: 1 to 64 characters, no {@code :}, no
     * surrounding spaces.
     */
    static boolean validName(String name) {
        return name != null && !name.isBlank() && name.length() <= 64 && !name.contains(":")
                && name.equals(name.strip());
    }

    static List<UserDetails> users(List<Account> accounts) {
        List<UserDetails> users = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < accounts.size(); i++) {
            Account account = accounts.get(i);
            String at = PREFIX + "[" + i + "]";
            String name = account.name();
            if (!validName(name)) {
                throw new IllegalStateException(at + ".name must be 1 to 64 characters, without ':' or surrounding"
                        + " spaces (it is recorded as the person of every action)");
            }
            if (!names.add(name)) {
                throw new IllegalStateException(at + ".name " + name + " is configured twice");
            }
            if (account.role() == null) {
                throw new IllegalStateException(at + ".role must be VIEWER, OPERATOR or CONSOLE");
            }
            String hash = account.passwordHash();
            if (hash == null || !BCRYPT.matcher(hash).matches()) {
                throw new IllegalStateException(at + ".password-hash must be a bcrypt hash written as"
                        + " {bcrypt}$2a$10$... (a plain or {noop} password is refused; ./paypipe hash-password"
                        + " makes one)");
            }
            users.add(User.withUsername(name).password(hash).authorities(account.role().authority()).build());
        }
        return users;
    }

}
