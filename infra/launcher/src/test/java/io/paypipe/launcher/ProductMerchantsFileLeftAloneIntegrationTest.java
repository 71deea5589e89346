package io.paypipe.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16: a user's {@code PAYMENT_MERCHANTS_FILE} (a merchant's real credentials) is
 * never written by the local launcher or its sandbox. The launcher runs in a process of
 * its own with that variable set, as a person would start it: the sandbox writes its own
 * file under {@code var/sandbox/}, and a setting that points the sandbox at the product's
 * file stops it before it writes.
 */
class ProductMerchantsFileLeftAloneIntegrationTest {

    private static final String REAL = "# a merchant's real credentials: never to be replaced by sandbox keys\n"
            + "merchants: []\n";

    @TempDir
    Path dir;

    @Test
    void theSandboxWritesItsOwnFileAndLeavesPaymentMerchantsFileAlone() throws Exception {
        // Given a merchants file of the user's, named by PAYMENT_MERCHANTS_FILE
        Path product = Files.writeString(dir.resolve("merchants.yaml"), REAL);
        Path var = dir.resolve("var");

        // When the launcher starts the sandbox
        Process launcher = start(product, var, List.of());
        try {
            Path log = dir.resolve("launcher.log");
            await().atMost(Duration.ofSeconds(120))
                .untilAsserted(() -> assertThat(Files.readString(log)).contains("paypipe: sandbox up in"));

            // Then the sandbox's credentials are in var/sandbox/merchants.yaml, the
            // user's file is as it was, and the launcher says it left it alone
            Path sandboxFile = var.resolve("sandbox").resolve("merchants.yaml");
            assertThat(Files.readString(sandboxFile)).contains("merchantId");
            assertThat(Files.readString(product)).isEqualTo(REAL);
            assertThat(Files.readString(log)).contains("PAYMENT_MERCHANTS_FILE (" + product + ") is left alone");
        }
        finally {
            launcher.destroyForcibly().waitFor();
        }
    }

    @Test
    void aSandboxPointedAtTheProductsFileStopsBeforeWritingIt() throws Exception {
        // Given the sandbox's file set to the user's merchants file
        Path product = Files.writeString(dir.resolve("merchants.yaml"), REAL);

        // When the launcher starts the sandbox
        Process launcher = start(product, dir.resolve("var"),
                List.of("--service-arg=sandbox:sandbox.merchants-file=" + product));

        // Then it fails, saying why, and the user's file is as it was
        assertThat(launcher.waitFor()).isNotZero();
        assertThat(Files.readString(dir.resolve("launcher.log"))).contains("never the product's");
        assertThat(Files.readString(product)).isEqualTo(REAL);
    }

    private Process start(Path product, Path var, List<String> extra) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp", classpath,
                LocalLauncher.class.getName(), "--only=sandbox", "--service-arg=sandbox:server.port=0"));
        command.addAll(extra);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(dir.resolve("launcher.log").toFile());
        builder.environment().put("PAYMENT_MERCHANTS_FILE", product.toString());
        builder.environment().put("PAYPIPE_VAR_DIR", var.toString());
        builder.environment().remove("SPRING_KAFKA_BOOTSTRAP_SERVERS");
        return builder.start();
    }

}
