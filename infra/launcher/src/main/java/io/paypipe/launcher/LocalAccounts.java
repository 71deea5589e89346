package io.paypipe.launcher;

import io.paypipe.core.signin.OperatorCredentials;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * The local product's two operator accounts, {@code operator} (role OPERATOR) and
 * {@code viewer} (role VIEWER), with random passwords: {@code ./paypipe run} keeps them
 * in {@code var/}{@value OperatorCredentials#LOCAL_FILE} (mode 600, made on the first
 * run, kept after), where {@code ./paypipe}'s commands and the bench read them; a test's
 * pipeline makes fresh ones ({@link #random()}). The console's service account
 * {@code console} (role CONSOLE: the processor's console acts on refund-service and
 * reconcile-service, and on ingress-service's re-derive, for the signed-in person) gets a
 * fresh password on every start, kept nowhere: only the services of this JVM use it.
 * Every service but the sandbox gets the three accounts' bcrypt hashes as
 * {@code paypipe.security.accounts[i].*} ({@link #properties()}), never the passwords;
 * the processor also the console's name and password ({@link #consoleProperties()}). The
 * hashes are of cost 4 (bcrypt's least): each password is 24 random bytes, which no work
 * factor needs to protect, and every API call checks it once.
 */
public record LocalAccounts(OperatorCredentials operator, OperatorCredentials viewer, OperatorCredentials console) {

    private static final SecureRandom RANDOM = new SecureRandom();

    private static final BCryptPasswordEncoder BCRYPT = new BCryptPasswordEncoder(4);

    /** Fresh accounts, kept nowhere. */
    public static LocalAccounts random() {
        return new LocalAccounts(new OperatorCredentials("operator", password()),
                new OperatorCredentials("viewer", password()), newConsole());
    }

    /**
     * The accounts of {@code var}/{@value OperatorCredentials#LOCAL_FILE}, made (mode
     * 600) when the file is not there.
     */
    public static LocalAccounts loadOrCreate(Path var) throws IOException {
        Path file = var.resolve(OperatorCredentials.LOCAL_FILE);
        if (!Files.isRegularFile(file)) {
            LocalAccounts made = random();
            Files.createDirectories(var);
            try {
                Files.createFile(file,
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                Files.writeString(file, made.fileText(), StandardCharsets.UTF_8);
            }
            catch (FileAlreadyExistsException raced) {
                // another launcher made it first: read its accounts below
            }
        }
        Map<String, String> values = OperatorCredentials.read(file);
        return new LocalAccounts(
                new OperatorCredentials(values.get(OperatorCredentials.LOCAL_OPERATOR_USER),
                        values.get(OperatorCredentials.LOCAL_OPERATOR_PASSWORD)),
                new OperatorCredentials(values.get(OperatorCredentials.LOCAL_VIEWER_USER),
                        values.get(OperatorCredentials.LOCAL_VIEWER_PASSWORD)),
                newConsole());
    }

    /** The settings that give a service the three accounts, by their hashes. */
    public Map<String, String> properties() {
        Map<String, String> properties = new LinkedHashMap<>();
        account(properties, 0, operator, "OPERATOR");
        account(properties, 1, viewer, "VIEWER");
        account(properties, 2, console, "CONSOLE");
        return properties;
    }

    /**
     * The processor's settings of the console's service account: its name and password.
     */
    public Map<String, String> consoleProperties() {
        return Map.of("processor.console.account.name", console.user(), "processor.console.account.password",
                console.password());
    }

    private static OperatorCredentials newConsole() {
        return new OperatorCredentials("console", password());
    }

    private static void account(Map<String, String> properties, int index, OperatorCredentials account, String role) {
        String at = "paypipe.security.accounts[" + index + "].";
        properties.put(at + "name", account.user());
        properties.put(at + "password-hash", "{bcrypt}" + BCRYPT.encode(account.password()));
        properties.put(at + "role", role);
    }

    private String fileText() {
        return String.join("\n", "# the local product's operator accounts (./paypipe run made them; delete to renew)",
                OperatorCredentials.LOCAL_OPERATOR_USER + "='" + operator.user() + "'",
                OperatorCredentials.LOCAL_OPERATOR_PASSWORD + "='" + operator.password() + "'",
                OperatorCredentials.LOCAL_VIEWER_USER + "='" + viewer.user() + "'",
                OperatorCredentials.LOCAL_VIEWER_PASSWORD + "='" + viewer.password() + "'") + "\n";
    }

    private static String password() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

}
