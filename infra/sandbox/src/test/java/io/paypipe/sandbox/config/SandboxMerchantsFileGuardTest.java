package io.paypipe.sandbox.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SandboxMerchantsFileGuardTest {

    @TempDir
    Path dir;

    @Test
    void refusesToWriteTheProductsMerchantsFile() {
        Path product = dir.resolve("merchants.yaml");
        assertThatThrownBy(() -> new SandboxMerchantsFileGuard(Optional.of(product)).check(product))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("never the product's")
            .hasMessageContaining("PAYMENT_MERCHANTS_FILE");
    }

    @Test
    void refusesTheProductsFileUnderAnotherSpellingOrThroughALink() throws IOException {
        Path product = Files.writeString(dir.resolve("merchants.yaml"), "merchants: []\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.yaml"), product);
        var guard = new SandboxMerchantsFileGuard(Optional.of(product));
        assertThatThrownBy(() -> guard.check(dir.resolve("sub/../merchants.yaml")))
            .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> guard.check(link)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void writesItsOwnFileBesideTheProducts() {
        var guard = new SandboxMerchantsFileGuard(Optional.of(dir.resolve("merchants.yaml")));
        assertThatCode(() -> guard.check(dir.resolve("sandbox/merchants.yaml"))).doesNotThrowAnyException();
        assertThatCode(() -> new SandboxMerchantsFileGuard(Optional.empty()).check(dir.resolve("merchants.yaml")))
            .doesNotThrowAnyException();
    }

}
