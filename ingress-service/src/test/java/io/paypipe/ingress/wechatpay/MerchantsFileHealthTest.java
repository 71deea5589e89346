package io.paypipe.ingress.wechatpay;

import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_A;
import static io.paypipe.ingress.wechatpay.Fixtures.SHOP_B;
import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.core.merchant.MerchantsFile;
import io.paypipe.ingress.config.MerchantsFileHealthIndicator;
import io.paypipe.support.merchant.MerchantsFileWatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** The {@code merchantsFile} health over a real watch of a real file. */
class MerchantsFileHealthTest {

    @TempDir
    Path dir;

    @Test
    void givenAValidFile_whenItBreaksThenGoesMissing_thenHealthIsDownNamingTheFileAndTheProblem() throws Exception {
        // Given a valid file of two merchants in use
        Path file = dir.resolve("merchants.yaml");
        MerchantsFile two = new MerchantsFile(List.of(SHOP_A.toMerchant(), SHOP_B.toMerchant()));
        two.write(file);
        MerchantsFileWatch watch = new MerchantsFileWatch("ingress", file, two, Duration.ZERO, List.of(), alert -> {
        }, Clock.systemUTC());
        MerchantsFileHealthIndicator indicator = new MerchantsFileHealthIndicator(watch);
        Health up = indicator.health();
        assertThat(up.getStatus()).isEqualTo(Status.UP);
        assertThat(up.getDetails()).containsEntry("merchants", 2).containsEntry("file", file.toString());

        // When its content becomes something that is not a merchants file
        Files.writeString(file, "merchants: [ {");
        watch.check();

        // Then health is down, naming the file and the YAML error, the old merchants kept
        Health broken = indicator.health();
        assertThat(broken.getStatus()).isEqualTo(Status.DOWN);
        assertThat((String) broken.getDetails().get("problem")).contains(file.toString())
            .contains("YAML error")
            .contains("2 merchants");

        // When the file goes missing, the problem says it cannot be read
        Files.delete(file);
        Health missing = indicator.health();
        assertThat(missing.getStatus()).isEqualTo(Status.DOWN);
        assertThat((String) missing.getDetails().get("problem")).startsWith("cannot read " + file);
        assertThat(missing.getDetails()).containsEntry("readable", false);
    }

}
