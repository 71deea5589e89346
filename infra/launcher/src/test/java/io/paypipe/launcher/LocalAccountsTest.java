package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.signin.OperatorCredentials;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;

/**
 * The local product's accounts: made once in {@code var/operator-accounts.env} (mode
 * 600), the same on the next run, found there by a client, and given to the services as
 * bcrypt hashes only.
 */
class LocalAccountsTest {

    @TempDir
    Path var;

    @Test
    void makesTheFileOnceReadableByItsOwnerOnlyAndKeepsItsAccounts() throws Exception {
        // When the launcher starts twice on the same var/
        LocalAccounts first = LocalAccounts.loadOrCreate(var);
        LocalAccounts second = LocalAccounts.loadOrCreate(var);

        // Then one file, mode 600, with the same two accounts both times
        Path file = var.resolve(OperatorCredentials.LOCAL_FILE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(second.operator()).isEqualTo(first.operator());
        assertThat(second.viewer()).isEqualTo(first.viewer());
        // and the console's service account new on each start, kept nowhere
        assertThat(second.console().user()).isEqualTo("console");
        assertThat(second.console().password()).isNotEqualTo(first.console().password());
        assertThat(Files.readString(file)).doesNotContain(first.console().password())
            .doesNotContain(second.console().password());
        assertThat(first.operator().user()).isEqualTo("operator");
        assertThat(first.viewer().user()).isEqualTo("viewer");
        assertThat(first.operator().password()).hasSizeGreaterThanOrEqualTo(32).isNotEqualTo(first.viewer().password());
        // and a client without PAYPIPE_USER finds the operator there
        assertThat(OperatorCredentials.find(Map.of(), var)).contains(first.operator());
        assertThat(OperatorCredentials.find(Map.of("PAYPIPE_USER", "anna", "PAYPIPE_PASSWORD", "pw"), var))
            .contains(new OperatorCredentials("anna", "pw"));
    }

    @Test
    void givesTheServicesHashesThatMatchAndNeverThePasswords() {
        LocalAccounts accounts = LocalAccounts.random();

        Map<String, String> properties = accounts.properties();

        assertThat(properties).containsEntry("paypipe.security.accounts[0].name", "operator")
            .containsEntry("paypipe.security.accounts[0].role", "OPERATOR")
            .containsEntry("paypipe.security.accounts[1].name", "viewer")
            .containsEntry("paypipe.security.accounts[1].role", "VIEWER")
            .containsEntry("paypipe.security.accounts[2].name", "console")
            .containsEntry("paypipe.security.accounts[2].role", "CONSOLE");
        assertThat(accounts.consoleProperties()).containsEntry("processor.console.account.name", "console")
            .containsEntry("processor.console.account.password", accounts.console().password());
        assertThat(properties.values()).noneMatch((v) -> v.contains(accounts.operator().password()))
            .noneMatch((v) -> v.contains(accounts.viewer().password()))
            .noneMatch((v) -> v.contains(accounts.console().password()));
        assertThat(PasswordEncoderFactories.createDelegatingPasswordEncoder()
            .matches(accounts.operator().password(), properties.get("paypipe.security.accounts[0].password-hash")))
            .isTrue();
    }

}
