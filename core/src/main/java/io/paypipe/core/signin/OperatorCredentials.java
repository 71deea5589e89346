package io.paypipe.core.signin;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * An operator account's name and password as an API client (the bench, the launcher's
 * demo, tests) signs in with: HTTP Basic on every request to a service's operator
 * endpoints. Where a client finds them ({@link #find}): {@code PAYPIPE_USER} and
 * {@code PAYPIPE_PASSWORD}, else the operator account of the file the local launcher
 * writes ({@value #LOCAL_FILE} under {@code var/}, {@link #LOCAL_OPERATOR_USER} and
 * {@link #LOCAL_OPERATOR_PASSWORD}), the same order as {@code ./paypipe}'s commands.
 */
public record OperatorCredentials(String user, String password) {

    /** The launcher's accounts file under its {@code var/} directory. */
    public static final String LOCAL_FILE = "operator-accounts.env";

    public static final String LOCAL_OPERATOR_USER = "PAYPIPE_OPERATOR_USER";

    public static final String LOCAL_OPERATOR_PASSWORD = "PAYPIPE_OPERATOR_PASSWORD";

    public static final String LOCAL_VIEWER_USER = "PAYPIPE_VIEWER_USER";

    public static final String LOCAL_VIEWER_PASSWORD = "PAYPIPE_VIEWER_PASSWORD";

    public OperatorCredentials {
        if (user == null || user.isBlank() || user.contains(":") || password == null || password.isEmpty()) {
            throw new IllegalArgumentException("an operator account needs a name (without ':') and a password");
        }
    }

    /** The value of the {@code Authorization} header. */
    public String authorization() {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * {@code PAYPIPE_USER}/{@code PAYPIPE_PASSWORD} of {@code environment}, else the
     * operator account of {@code var}/{@value #LOCAL_FILE}; empty when neither is there.
     */
    public static Optional<OperatorCredentials> find(Map<String, String> environment, Path var) {
        String user = environment.get("PAYPIPE_USER");
        String password = environment.get("PAYPIPE_PASSWORD");
        if (user != null && !user.isBlank() && password != null && !password.isEmpty()) {
            return Optional.of(new OperatorCredentials(user, password));
        }
        Path file = var.resolve(LOCAL_FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Map<String, String> values = read(file);
        String localUser = values.get(LOCAL_OPERATOR_USER);
        String localPassword = values.get(LOCAL_OPERATOR_PASSWORD);
        return (localUser == null || localPassword == null) ? Optional.empty()
                : Optional.of(new OperatorCredentials(localUser, localPassword));
    }

    /**
     * {@link #find} with the process's environment and {@code PAYPIPE_VAR_DIR} (default
     * {@code var}), or one sentence saying where the sign-in comes from.
     */
    public static OperatorCredentials fromEnvironment() {
        Map<String, String> environment = System.getenv();
        Path var = Path.of(environment.getOrDefault("PAYPIPE_VAR_DIR", "var"));
        return find(environment, var).orElseThrow(() -> new IllegalStateException(
                "no operator sign-in: set PAYPIPE_USER and PAYPIPE_PASSWORD, or start the product with ./paypipe run,"
                        + " which writes " + var.resolve(LOCAL_FILE)));
    }

    /**
     * The {@code KEY=value} lines of an env file ({@code #} comments, values optionally
     * in single quotes).
     */
    public static Map<String, String> read(Path file) {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String trimmed = line.strip();
                int eq = trimmed.indexOf('=');
                if (trimmed.isEmpty() || trimmed.startsWith("#") || eq < 1) {
                    continue;
                }
                String value = trimmed.substring(eq + 1);
                if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
                    value = value.substring(1, value.length() - 1);
                }
                values.put(trimmed.substring(0, eq), value);
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return values;
    }

    @Override
    public String toString() {
        return "OperatorCredentials[user=" + user + "]";
    }

}
