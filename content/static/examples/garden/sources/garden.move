module garden::garden;

use std::string::String;

/// Plants stop growing at this height.
const MAX_HEIGHT: u64 = 5;

/// Abort code: the plant is already fully grown.
const EFullyGrown: u64 = 0;

/// One shared garden that everybody plants in.
public struct Garden has key {
    id: UID,
    /// How many plants have ever been planted here.
    planted: u64,
}

/// A plant, owned by whoever holds it.
public struct Plant has key, store {
    id: UID,
    species: String,
    height: u64,
}

/// Runs once, when the package is published.
fun init(ctx: &mut TxContext) {
    transfer::share_object(Garden {
        id: object::new(ctx),
        planted: 0,
    });
}

/// Plant a seed of `species` and return the new plant to the caller.
public fun plant(garden: &mut Garden, species: String, ctx: &mut TxContext): Plant {
    garden.planted = garden.planted + 1;
    Plant { id: object::new(ctx), species, height: 1 }
}

/// Grow a plant by one unit. Aborts once it reaches `MAX_HEIGHT`.
public fun water(plant: &mut Plant) {
    assert!(plant.height < MAX_HEIGHT, EFullyGrown);
    plant.height = plant.height + 1;
}

/// Destroy a plant and reclaim its storage deposit.
public fun compost(plant: Plant) {
    let Plant { id, species: _, height: _ } = plant;
    id.delete();
}

// === Accessors ===

public fun species(plant: &Plant): String { plant.species }

public fun height(plant: &Plant): u64 { plant.height }

public fun planted(garden: &Garden): u64 { garden.planted }

#[test_only]
/// Lets tests run the initializer, which is otherwise private.
public fun init_for_testing(ctx: &mut TxContext) { init(ctx) }
