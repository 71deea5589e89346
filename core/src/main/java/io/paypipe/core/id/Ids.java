package io.paypipe.core.id;

final class Ids {

    private Ids() {
    }

    static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        if (value.length() > 64) {
            throw new IllegalArgumentException(what + " longer than 64 characters");
        }
    }

}
