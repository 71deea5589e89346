package io.paypipe.logscan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scanner itself: every pattern catches a planted sample, the product's ordinary id
 * lines pass, and a scan that read too little fails.
 */
class LogScanTest {

    /**
     * One planted sample per pattern, shaped as the fixtures and the sandbox send them.
     */
    static final Map<String, String> SAMPLES = new LinkedHashMap<>();

    static {
        SAMPLES.put("pem-marker", "key: -----BEGIN PRIVATE KEY-----");
        SAMPLES.put("rsa-private-key-pkcs8", "appPrivateKey=MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7");
        SAMPLES.put("rsa-private-key-pkcs1", "MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun");
        SAMPLES.put("wechatpay-apiv3-test-key", "apiV3Key=1900000001K3yApiV3-0123456789abcdefghi");
        SAMPLES.put("stripe-webhook-secret", "endpointSecret=whsec_d3adb33fd3adb33fd3adb33f");
        SAMPLES.put("stripe-secret-key", "Authorization: Bearer sk_test_51Habcdefghijklmnop");
        SAMPLES.put("wechatpay-resource-ciphertext",
                "{\"resource\":{\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\"Zm9vYmFy\"}}");
        SAMPLES.put("wechatpay-resource-object", "body={\"id\":\"EV-2018022511223320873\",\"resource\" : {\"x\":1}}");
        SAMPLES.put("wechatpay-associated-data", "\"associated_data\":\"transaction\",\"nonce\":\"fdasflkja484w\"");
        SAMPLES.put("alipay-form-sign", "gmt_create=2024-01-01&sign_type=RSA2&sign=kPbQIjX%2BxQc8F0%2Fbt");
        SAMPLES.put("alipay-form-notify-type", "notify_time=2024-01-01+10%3A00%3A00&notify_type=trade_status_sync");
        SAMPLES.put("stripe-event-json", "{\"id\": \"evt_1N\", \"object\": \"event\", \"type\": \"payment_intent\"}");
        SAMPLES.put("wechatpay-openid", "{\"openid\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\"}");
        SAMPLES.put("wechatpay-payer-object", "\"payer\": {\"sub_openid\": \"x\"}");
        SAMPLES.put("alipay-buyer-id", "trade_no=2024&buyer_id=2088102122524333&seller_id=2088101117955611");
        SAMPLES.put("alipay-buyer-logon-id", "buyer_logon_id=159****5620");
        SAMPLES.put("stripe-customer-email", "\"receipt_email\": \"payer.private@example.com\"");
    }

    /** The product's lines as they are meant to be: ids, lengths, hashes. */
    static final List<String> CLEAN = List.of(
            "10:00:01.123 WARN  [tomcat-1] i.p.i.callback.CallbackFlow - wechatpay rejected: BAD_SIGNATURE"
                    + " (signature does not verify) status=401 serial=PUB_KEY_ID_0114232134912410000000000000000000"
                    + " body=812B sha256:3f2a9c01",
            "batch of 312 notifications from payment.notify-3@1200..1511: 312 applied in one transaction (41 ms)",
            "alipay rejected: SELLER_MISMATCH (seller 2088101117955611 is not the app's) status=200",
            "a webhook endpoint secret starts with whsec_",
            "order shop-1:ORDER-1001 paid by trade 4200001234202401011234567890 (raw 17)",
            "{\"@timestamp\":\"2026-01-01T10:00:00Z\",\"message\":\"published\",\"orderKey\":\"shop-1:O-1\",\"topic\":"
                    + "\"payment.notify\",\"partition\":3,\"offset\":1200}");

    @TempDir
    Path root;

    @Test
    void everyPatternCatchesItsPlantedSample() throws IOException {
        assertThat(SAMPLES.keySet()).as("a sample for every pattern")
            .containsExactlyInAnyOrderElementsOf(LeakPattern.ALL.stream().map(LeakPattern::name).toList());
        // Given one test class's output per sample, in a module of its own
        int i = 0;
        for (Map.Entry<String, String> sample : SAMPLES.entrySet()) {
            write("module-" + i++ + "/target/surefire-reports/io.paypipe.SomeTest-output.txt",
                    "10:00:00.000 INFO  [main] io.paypipe.Some - before\n" + sample.getValue() + "\nafter\n");
        }

        // When the scan reads them
        ScanResult result = LogScan.scan(root, LeakPattern.ALL);

        // Then each sample's own pattern found it, on its line, without repeating it
        // whole
        assertThat(result.files()).isEqualTo(SAMPLES.size());
        for (String name : SAMPLES.keySet()) {
            assertThat(result.findings()).as(name).anySatisfy(f -> assertThat(f.pattern().name()).isEqualTo(name));
        }
        assertThat(result.findings()).allSatisfy(f -> assertThat(f.line()).isEqualTo(2));
        assertThat(result.findings()).noneSatisfy(f -> assertThat(f.excerpt()).contains("d3adb33fd3adb33f"));
        assertThat(result.findings()).noneSatisfy(f -> assertThat(f.excerpt()).contains("gSjAgEAAoIBAQC7"));
        assertThat(result.findings()).noneSatisfy(f -> assertThat(f.excerpt()).contains("uMuAJO_M2pxb1Q9"));
        assertThat(result.problems(1, 1)).anySatisfy(p -> assertThat(p).contains("hold a key, a raw body"));
    }

    @Test
    void idsLengthsAndHashesPass() throws IOException {
        // Given the product's ordinary lines in two modules' output and a test's var log
        write("ingress-service/target/surefire-reports/io.paypipe.ingress.ATest-output.txt", String.join("\n", CLEAN));
        write("infra/launcher/target/surefire-reports/io.paypipe.launcher.BTest-output.txt", CLEAN.get(1));
        write("infra/launcher/var/paypipe.log", CLEAN.get(4));

        // When scanned
        ScanResult result = LogScan.scan(root, LeakPattern.ALL);

        // Then nothing is found and the scan passes, having read three files of two
        // modules
        assertThat(result.findings()).isEmpty();
        assertThat(result.modules()).containsExactly("infra/launcher", "ingress-service");
        assertThat(result.files()).isEqualTo(3);
        assertThat(result.problems(3, 2)).isEmpty();
    }

    @Test
    void aScanThatReadTooLittleFails() throws IOException {
        // Given nothing at all, then one module only, and files the scan must not read
        assertThat(LogScan.scan(root, LeakPattern.ALL).problems(1, 1)).hasSize(2);
        write("core/target/surefire-reports/io.paypipe.core.ATest-output.txt", CLEAN.get(0));
        write("var/paypipe.log", SAMPLES.get("pem-marker"));
        write("infra/logscan/target/surefire-reports/io.paypipe.logscan.XTest-output.txt", SAMPLES.get("pem-marker"));
        write("core/src/test/resources/sample-output.txt", SAMPLES.get("pem-marker"));

        // When scanned with minimums above what is there
        ScanResult result = LogScan.scan(root, LeakPattern.ALL);

        // Then it read the one file and fails on both minimums
        assertThat(result.files()).isEqualTo(1);
        assertThat(result.problems(2, 2)).containsExactly("read 1 files, fewer than the 2 expected",
                "read 1 modules, fewer than the 2 expected");
        assertThat(result.report(5)).startsWith("log scan: read 1 files (1 lines) from 1 modules [core]; 0 findings");
    }

    private void write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

}
